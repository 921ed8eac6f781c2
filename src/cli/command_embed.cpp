// dynskin-cli embed IN -o OUT [--preset P] [settings options]: a copy of any glTF with the
// settings as the DYNSKIN_dynamic_skinning extension. It works on the file's JSON and GLB
// container, not through dynskin's character model, so everything else stays as it was: the
// binary chunk (and any chunk after it) byte for byte, every other JSON value, the keys'
// order. A .gltf stays a .gltf whose buffers and images are the same files.

#include <cstring>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/settings_options.h"
#include "io/gltf/glb_container.h"
#include "io/gltf/gltf_document.h"
#include "io/settings/gltf_settings_extension.h"
#include "io/settings/settings_json.h"

namespace dynskin::cli {
namespace {

using ordered_json = nlohmann::ordered_json;

constexpr std::size_t glb_header_size = 12, chunk_header_size = 8;
constexpr std::uint32_t json_chunk_type = 0x4E4F534A;  // "JSON"

std::uint32_t read_u32(const std::vector<std::uint8_t>& bytes, std::size_t at) {
    std::uint32_t value = 0;
    std::memcpy(&value, bytes.data() + at, 4);  // little-endian, as the GLB container and our hosts are
    return value;
}

void append_u32(std::string& out, std::uint32_t value) { out.append(reinterpret_cast<const char*>(&value), 4); }

bool has_suffix(const std::string& path, const char* suffix) {
    const std::size_t n = std::strlen(suffix);
    if (path.size() < n) return false;
    for (std::size_t i = 0; i < n; ++i)
        if (std::tolower(static_cast<unsigned char>(path[path.size() - n + i])) != suffix[i]) return false;
    return true;
}

std::string folder_of(const std::string& path) {
    const std::size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? "." : path.substr(0, slash);
}

// A .glb with a new JSON chunk (padded with spaces to 4 bytes, as the container asks) and the
// source's bytes after its JSON chunk unchanged.
std::string glb_with_json(const std::vector<std::uint8_t>& source, const std::string& json) {
    const std::size_t json_length = read_u32(source, glb_header_size);
    const std::size_t rest = glb_header_size + chunk_header_size + json_length;
    std::string padded = json;
    padded.resize((padded.size() + 3) / 4 * 4, ' ');
    std::string out;
    out.append(reinterpret_cast<const char*>(source.data()), 8);  // magic and version
    append_u32(out, static_cast<std::uint32_t>(glb_header_size + chunk_header_size + padded.size() + source.size() - rest));
    append_u32(out, static_cast<std::uint32_t>(padded.size()));
    append_u32(out, json_chunk_type);
    out += padded;
    out.append(reinterpret_cast<const char*>(source.data() + rest), source.size() - rest);
    return out;
}

// The .gltf's files named by relative URIs, which the copy in another folder no longer finds.
std::vector<std::string> relative_uris(const ordered_json& root) {
    std::vector<std::string> uris;
    for (const char* list : {"buffers", "images"}) {
        const auto items = root.find(list);
        if (items == root.end() || !items->is_array()) continue;
        for (const ordered_json& item : *items) {
            const auto uri = item.find("uri");
            if (uri == item.end() || !uri->is_string()) continue;
            const std::string text = uri->get<std::string>();
            if (text.rfind("data:", 0) != 0 && text.find("://") == std::string::npos && text.rfind('/', 0) != 0)
                uris.push_back(text);
        }
    }
    return uris;
}

struct EmbedArguments {
    std::string input, output;
    SettingsOptions settings;
};

void embed(const EmbedArguments& args) {
    const std::vector<std::uint8_t> bytes = io::read_file_bytes(args.input);  // throws LoadError naming the file
    const bool glb = io::looks_like_glb(bytes);
    if (glb != has_suffix(args.output, ".glb") || (!glb && !has_suffix(args.output, ".gltf")))
        throw std::runtime_error("embed keeps the container: " + args.input + " is a " + (glb ? ".glb" : ".gltf") +
                                 ", so the output must end in " + (glb ? ".glb" : ".gltf"));
    const std::string text = glb ? io::split_glb(bytes).json : std::string(bytes.begin(), bytes.end());
    ordered_json root;
    try {
        root = ordered_json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        const std::string message = e.what();
        throw std::runtime_error(args.input + " is not glTF: its JSON does not parse (" +
                                 message.substr(0, message.find('\n')) + ")");
    }
    if (!root.is_object() || !root.contains("asset") || !root["asset"].is_object() ||
        !root["asset"].contains("version"))
        throw std::runtime_error(args.input + " is not glTF: it has no asset.version");

    // The file's own settings are the start (an old asset.extras.dynskin too), then the preset
    // and the options; the joints' settings on the nodes stay as they are.
    std::optional<DynamicSettings> saved;
    try {
        saved = io::read_settings_extension(nlohmann::json(root), {});
    } catch (const io::SettingsError& e) {
        throw std::runtime_error(args.input + ": its dynskin settings are unreadable: " + e.what());
    }
    // (A file without settings gets the unseen rig's: its parameters do not depend on the rig.)
    io::write_parameters_extension(root, args.settings.resolve(saved, Character{}).parameters);

    const std::string json = glb ? root.dump() : root.dump(2) + "\n";
    io::write_file_atomically(args.output, glb ? glb_with_json(bytes, json) : json);
    if (!glb && folder_of(args.input) != folder_of(args.output))
        for (const std::string& uri : relative_uris(root))
            std::cerr << "note: " << args.output << " refers to " << uri << " next to it, as " << args.input
                      << " does: copy that file along\n";
}

}  // namespace

void add_embed_command(CLI::App& app) {
    CLI::App* command = app.add_subcommand(
        "embed", "Put Dynamic Skinning settings into a copy of a glTF file (the DYNSKIN_dynamic_skinning extension); "
                 "nothing else in the file changes");
    auto args = std::make_shared<EmbedArguments>();
    command->add_option("file", args->input, "a .glb or .gltf file")->required();
    command->add_option("-o,--output", args->output, "the copy to write (the same container: .glb or .gltf)")->required();
    args->settings.add_to(*command);
    command->callback([args] { embed(*args); });
}

}  // namespace dynskin::cli
