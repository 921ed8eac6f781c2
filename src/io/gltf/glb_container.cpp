#include "io/gltf/glb_container.h"

#include "dynskin/gltf_loader.h"

namespace dynskin::io {
namespace {

constexpr std::uint32_t glb_magic = 0x46546C67;       // "glTF"
constexpr std::uint32_t json_chunk_type = 0x4E4F534A; // "JSON"
constexpr std::uint32_t bin_chunk_type = 0x004E4942;  // "BIN\0"

std::uint32_t read_u32(const std::vector<std::uint8_t>& bytes, std::size_t at) {
    return static_cast<std::uint32_t>(bytes[at]) | static_cast<std::uint32_t>(bytes[at + 1]) << 8 |
           static_cast<std::uint32_t>(bytes[at + 2]) << 16 | static_cast<std::uint32_t>(bytes[at + 3]) << 24;
}

void append_u32(std::vector<std::uint8_t>& out, std::uint32_t value) {
    for (int k = 0; k < 4; ++k) out.push_back(static_cast<std::uint8_t>(value >> (8 * k)));
}

}  // namespace

bool looks_like_glb(const std::vector<std::uint8_t>& bytes) {
    return bytes.size() >= 4 && read_u32(bytes, 0) == glb_magic;
}

GlbChunks split_glb(const std::vector<std::uint8_t>& bytes) {
    if (bytes.size() < 20) throw LoadError("the .glb file is truncated: " + std::to_string(bytes.size()) + " bytes");
    if (read_u32(bytes, 4) != 2)
        throw LoadError("the .glb container has version " + std::to_string(read_u32(bytes, 4)) + ", not 2");
    const std::uint64_t declared_length = read_u32(bytes, 8);
    if (declared_length > bytes.size())
        throw LoadError("the .glb file is truncated: the header says " + std::to_string(declared_length) +
                        " bytes, the file has " + std::to_string(bytes.size()));
    GlbChunks chunks;
    bool seen_json = false;
    std::uint64_t at = 12;
    while (at + 8 <= declared_length) {
        const std::uint64_t length = read_u32(bytes, static_cast<std::size_t>(at));
        const std::uint32_t type = read_u32(bytes, static_cast<std::size_t>(at + 4));
        const std::uint64_t begin = at + 8;
        if (begin + length > declared_length) throw LoadError("a .glb chunk runs past the end of the file");
        const auto first = bytes.begin() + static_cast<std::ptrdiff_t>(begin);
        const auto last = first + static_cast<std::ptrdiff_t>(length);
        if (!seen_json) {
            if (type != json_chunk_type) throw LoadError("the .glb file does not start with a JSON chunk");
            chunks.json.assign(first, last);
            seen_json = true;
        } else if (type == bin_chunk_type && chunks.bin.empty()) {
            chunks.bin.assign(first, last);
        }  // other chunk types are to be ignored, says the spec
        at = begin + ((length + 3) / 4) * 4;
    }
    if (!seen_json) throw LoadError("the .glb file has no JSON chunk");
    return chunks;
}

std::vector<std::uint8_t> join_glb(const std::string& json, const std::vector<std::uint8_t>& bin) {
    const std::size_t json_padded = (json.size() + 3) / 4 * 4;
    const std::size_t bin_padded = (bin.size() + 3) / 4 * 4;
    const std::size_t total = 12 + 8 + json_padded + (bin.empty() ? 0 : 8 + bin_padded);
    std::vector<std::uint8_t> out;
    out.reserve(total);
    append_u32(out, glb_magic);
    append_u32(out, 2);
    append_u32(out, static_cast<std::uint32_t>(total));
    append_u32(out, static_cast<std::uint32_t>(json_padded));
    append_u32(out, json_chunk_type);
    out.insert(out.end(), json.begin(), json.end());
    out.resize(out.size() + json_padded - json.size(), ' ');
    if (!bin.empty()) {
        append_u32(out, static_cast<std::uint32_t>(bin_padded));
        append_u32(out, bin_chunk_type);
        out.insert(out.end(), bin.begin(), bin.end());
        out.resize(out.size() + bin_padded - bin.size(), 0);
    }
    return out;
}

}  // namespace dynskin::io
