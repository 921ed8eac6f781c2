#include "io/gltf/gltf_document.h"

#include <sys/stat.h>

#include <fstream>
#include <limits>

#include "dynskin/gltf_loader.h"
#include "io/gltf/draco_compression.h"
#include "io/gltf/glb_container.h"
#include "io/gltf/gltf_json.h"
#include "io/gltf/meshopt_compression.h"

namespace dynskin::io {
namespace {

// tinygltf takes the size as unsigned int; real characters are far smaller anyway.
constexpr std::uint64_t max_file_bytes = 1ull << 31;

bool is_regular_file(const std::string& path, std::uint64_t* size = nullptr) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return false;
    if (size) *size = static_cast<std::uint64_t>(info.st_size);
    return true;
}

// Filesystem callbacks for external URIs: only regular files (a URI naming /dev/zero or a
// directory must not hang or crash), no shell expansion of the path.
bool file_exists(const std::string& path, void*) { return is_regular_file(path); }
std::string expand_path_verbatim(const std::string& path, void*) { return path; }
bool read_whole_file(std::vector<unsigned char>* out, std::string* err, const std::string& path, void*) {
    try {
        *out = read_file_bytes(path);
        return true;
    } catch (const LoadError& e) {
        if (err) *err += std::string(e.what()) + "\n";
        return false;
    }
}
bool refuse_write(std::string* err, const std::string&, const std::vector<unsigned char>&, void*) {
    if (err) *err += "writing is not allowed while loading\n";
    return false;
}

// Keeps the encoded bytes; only the base-colour image is decoded later, and with guards.
bool keep_encoded_image(tinygltf::Image*, const int image_index, std::string*, std::string*, int, int,
                        const unsigned char* bytes, int size, void* user_data) {
    auto& images = *static_cast<std::vector<std::vector<std::uint8_t>>*>(user_data);
    if (image_index < 0 || size < 0) return true;
    if (images.size() <= static_cast<std::size_t>(image_index)) images.resize(static_cast<std::size_t>(image_index) + 1);
    images[static_cast<std::size_t>(image_index)].assign(bytes, bytes + size);
    return true;
}

void check_version(const nlohmann::json& json) {
    if (!json.is_object()) throw LoadError("the glTF JSON is not an object");
    const auto asset = json.find("asset");
    if (asset == json.end() || !asset->is_object()) throw LoadError("the file has no glTF 'asset' object");
    const auto version = asset->find("version");
    if (version == asset->end() || !version->is_string()) throw LoadError("the file does not say its glTF version");
    const std::string v = version->get<std::string>();
    if (v.rfind("2.", 0) != 0) throw LoadError("the file is glTF version " + v + "; dynskin reads glTF 2.x");
    const auto min_version = asset->find("minVersion");
    if (min_version != asset->end() && (!min_version->is_string() || min_version->get<std::string>() != "2.0"))
        throw LoadError("the file requires a glTF minVersion dynskin does not know");
}

void check_required_extensions(const nlohmann::json& json) {
    const auto required = json.find("extensionsRequired");
    if (required == json.end()) return;
    if (!required->is_array()) throw LoadError("extensionsRequired is not an array");
    for (const auto& name : *required) {
        const std::string extension = name.is_string() ? name.get<std::string>() : name.dump();
        // Quantization and compression are read; material, texture-transform and texture-format
        // extensions only change the look (a texture dynskin cannot decode is left out, said).
        const bool supported = extension == "KHR_mesh_quantization" || extension == "EXT_meshopt_compression" ||
                               extension == "KHR_draco_mesh_compression" || extension == "KHR_texture_transform" ||
                               extension == "EXT_texture_webp" || extension == "KHR_texture_basisu" ||
                               extension == "EXT_texture_avif" || extension.rfind("KHR_materials_", 0) == 0;
        // (The KHR version's vertex codec is newer than Debian's meshoptimizer 0.18 decodes.)
        const std::string hint = extension == "KHR_meshopt_compression"
                                     ? " (gltfpack -c or -cc, without -ce khr, writes EXT_meshopt_compression, which it does)"
                                     : "";
        if (!supported) throw LoadError("the file requires extension " + extension + ", which dynskin does not read" + hint);
    }
}

// tinygltf hands an image's bufferView to the image callback without checking that it lies
// inside its buffer (an out-of-bounds read), so that is checked on the JSON before parsing.
void check_image_buffer_views(const nlohmann::json& json) {
    const auto images = json.find("images");
    if (images == json.end() || !images->is_array()) return;
    const auto views = json.find("bufferViews");
    const auto buffers = json.find("buffers");
    for (std::size_t i = 0; i < images->size(); ++i) {
        const nlohmann::json& image = (*images)[i];
        if (!image.is_object() || !image.contains("bufferView")) continue;
        const std::string where = "image " + std::to_string(i);
        const std::uint64_t view_index = unsigned_member(image, "bufferView", where).value_or(0);
        if (views == json.end() || !views->is_array() || view_index >= views->size())
            throw LoadError(where + " refers to bufferView " + std::to_string(view_index) + ", which does not exist");
        const nlohmann::json& view = (*views)[view_index];
        const std::string view_name = "bufferView " + std::to_string(view_index);
        if (!view.is_object()) throw LoadError(view_name + " is not an object");
        const std::uint64_t buffer_index = unsigned_member(view, "buffer", view_name).value_or(std::numeric_limits<std::uint64_t>::max());
        if (buffers == json.end() || !buffers->is_array() || buffer_index >= buffers->size())
            throw LoadError(view_name + " refers to a buffer that does not exist");
        const nlohmann::json& buffer = (*buffers)[buffer_index];
        const std::string buffer_name = "buffer " + std::to_string(buffer_index);
        if (!buffer.is_object()) throw LoadError(buffer_name + " is not an object");
        const std::uint64_t offset = unsigned_member(view, "byteOffset", view_name).value_or(0);
        const std::uint64_t length = unsigned_member(view, "byteLength", view_name).value_or(0);
        const std::uint64_t buffer_length = unsigned_member(buffer, "byteLength", buffer_name).value_or(0);
        if (offset > buffer_length || length > buffer_length - offset)
            throw LoadError(view_name + " (image " + std::to_string(i) + ") runs past the end of " + buffer_name);
    }
}

std::string first_line(const std::string& text) {
    std::string line = text.substr(0, text.find('\n'));
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '.')) line.pop_back();
    return line.empty() ? "tinygltf could not parse the file" : line;
}

}  // namespace

std::vector<std::uint8_t> read_file_bytes(const std::string& path) {
    std::uint64_t size = 0;
    if (!is_regular_file(path, &size)) throw LoadError("cannot open " + path + ": not a readable file");
    if (size > max_file_bytes) throw LoadError(path + " is too large (" + std::to_string(size) + " bytes)");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw LoadError("cannot open " + path);
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
    in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(size));
    if (in.gcount() != static_cast<std::streamsize>(size)) throw LoadError("cannot read all of " + path);
    return bytes;
}

GltfDocument parse_gltf_document(const std::vector<std::uint8_t>& bytes, const std::string& base_dir) {
    if (bytes.empty()) throw LoadError("the file is empty");
    if (bytes.size() > max_file_bytes) throw LoadError("the file is too large");
    const bool binary = looks_like_glb(bytes);

    GltfDocument document;
    GlbChunks chunks = binary ? split_glb(bytes) : GlbChunks{std::string(bytes.begin(), bytes.end()), {}};
    std::string& json_text = chunks.json;
    try {
        document.json = nlohmann::json::parse(json_text);
    } catch (const nlohmann::json::exception& e) {
        throw LoadError(std::string(binary ? "the .glb JSON chunk" : "the file") + " is not valid JSON: " +
                        first_line(e.what()));
    }
    check_version(document.json);
    check_required_extensions(document.json);
    check_image_buffer_views(document.json);
    // tinygltf is given stand-ins where compression leaves what it refuses: meshopt's fallback
    // buffers without data, Draco's indices without a bufferView.
    std::optional<nlohmann::json> for_parser;
    stand_in_for_fallback_buffers(document.json, binary, for_parser);
    stand_in_for_draco_indices(document.json, for_parser);
    std::vector<std::uint8_t> rewritten_glb;
    if (for_parser) {
        json_text = for_parser->dump();
        if (binary) rewritten_glb = join_glb(json_text, chunks.bin);
    }
    const std::vector<std::uint8_t>& glb = for_parser && binary ? rewritten_glb : bytes;

    tinygltf::TinyGLTF parser;
    parser.SetFsCallbacks(tinygltf::FsCallbacks{&file_exists, &expand_path_verbatim, &read_whole_file, &refuse_write, nullptr});
    parser.SetImageLoader(&keep_encoded_image, &document.image_bytes);
    std::string error, warning;
    bool parsed = false;
    try {
        parsed = binary ? parser.LoadBinaryFromMemory(&document.model, &error, &warning, glb.data(),
                                                      static_cast<unsigned int>(glb.size()), base_dir)
                        : parser.LoadASCIIFromString(&document.model, &error, &warning, json_text.c_str(),
                                                     static_cast<unsigned int>(json_text.size()), base_dir);
    } catch (const std::exception& e) {
        throw LoadError(std::string("the file is malformed: ") + first_line(e.what()));
    }
    if (!parsed) throw LoadError(first_line(error));
    decode_compressed_buffer_views(document.json, binary, document.model);
    decode_draco_primitives(document.json, document.model);
    document.image_bytes.resize(document.model.images.size());
    return document;
}

}  // namespace dynskin::io
