// libFuzzer target: any bytes given to the loader give a character or a LoadError. Anything
// else (another exception, a crash, a sanitizer report, a hang) is a finding.

#include <cstdint>
#include <vector>

#include "dynskin/gltf_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::vector<std::uint8_t> bytes(data, data + size);
    try {
        // A folder that does not exist: external URIs in fuzzed files resolve to nothing.
        const dynskin::io::LoadedCharacter loaded = dynskin::io::load_gltf_from_memory(bytes, "/nonexistent-dynskin-fuzz/");
        if (!loaded.character.validate().empty()) __builtin_trap();  // the loader promised a valid character
    } catch (const dynskin::io::LoadError&) {
    }
    return 0;
}
