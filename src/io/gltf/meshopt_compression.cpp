#include "io/gltf/meshopt_compression.h"

#include <meshoptimizer.h>

#include <cstdint>
#include <optional>
#include <string>

#include "dynskin/gltf_loader.h"
#include "io/gltf/gltf_json.h"

namespace dynskin::io {
namespace {

constexpr const char* kExtension = "EXT_meshopt_compression";
// A fallback buffer is made of zeros at its byteLength before the views are decoded into it:
// a length no real character needs is refused rather than allocated.
constexpr std::uint64_t kMostFallbackBytes = 1ull << 30;
// One byte of zeros: what tinygltf is given for a fallback buffer without data.
constexpr const char* kStandInUri = "data:application/octet-stream;base64,AA==";

const nlohmann::json* extension_of(const nlohmann::json& object) { return json_extension(object, kExtension); }

// A buffer whose bytes come from the views decoded into it alone (a GLB's first buffer
// without a uri is its BIN chunk instead).
bool is_fallback_without_data(const nlohmann::json& buffer, std::size_t index, bool binary) {
    const nlohmann::json* extension = extension_of(buffer);
    if (extension == nullptr || !extension->is_object() || buffer.contains("uri") || (binary && index == 0)) return false;
    const auto fallback = extension->find("fallback");
    return fallback != extension->end() && fallback->is_boolean() && fallback->get<bool>();
}

// A member the extension must have.
std::uint64_t required_member(const nlohmann::json& extension, const char* key, const std::string& where) {
    const std::string what = where + "'s " + kExtension;
    const std::optional<std::uint64_t> value = unsigned_member(extension, key, what);
    if (!value) throw LoadError(what + " has no " + key);
    return *value;
}

std::string string_member(const nlohmann::json& object, const char* key, const std::string& where, const char* fallback) {
    const auto it = object.find(key);
    if (it == object.end() && fallback) return fallback;
    if (it == object.end() || !it->is_string()) throw LoadError(where + "'s " + kExtension + " has no valid " + key);
    return it->get<std::string>();
}

// What one compressed view says about itself, checked against what meshoptimizer's decoders
// accept (they assert on the rest).
struct CompressedView {
    std::uint64_t buffer = 0, offset = 0, length = 0, stride = 0, count = 0;
    std::string mode, filter;
};

CompressedView read_compressed_view(const nlohmann::json& extension, const std::string& where) {
    if (!extension.is_object()) throw LoadError(where + "'s " + kExtension + " is not an object");
    CompressedView v;
    v.buffer = required_member(extension, "buffer", where);
    v.offset = unsigned_member(extension, "byteOffset", where + "'s " + kExtension).value_or(0);
    v.length = required_member(extension, "byteLength", where);
    v.stride = required_member(extension, "byteStride", where);
    v.count = required_member(extension, "count", where);
    v.mode = string_member(extension, "mode", where, nullptr);
    v.filter = string_member(extension, "filter", where, "NONE");
    const auto invalid = [&](const std::string& what) { return LoadError(where + "'s " + kExtension + ": " + what); };
    if (v.mode == "ATTRIBUTES") {
        if (v.stride == 0 || v.stride > 256 || v.stride % 4 != 0)
            throw invalid("byteStride " + std::to_string(v.stride) + " is not a multiple of 4 up to 256");
    } else if (v.mode == "TRIANGLES" || v.mode == "INDICES") {
        if (v.stride != 2 && v.stride != 4) throw invalid("indices of " + std::to_string(v.stride) + " bytes (2 or 4)");
        if (v.mode == "TRIANGLES" && v.count % 3 != 0) throw invalid("a triangle list of " + std::to_string(v.count) + " indices");
    } else {
        throw invalid("unknown mode '" + v.mode + "'");
    }
    const bool filter_fits = v.filter == "NONE" ||
                             (v.mode == "ATTRIBUTES" && ((v.filter == "OCTAHEDRAL" && (v.stride == 4 || v.stride == 8)) ||
                                                         (v.filter == "QUATERNION" && v.stride == 8) || v.filter == "EXPONENTIAL"));
    if (!filter_fits) throw invalid("filter '" + v.filter + "' does not apply to " + v.mode + " of " + std::to_string(v.stride) + " bytes");
    if (v.count > kMostFallbackBytes / v.stride) throw invalid(std::to_string(v.count) + " elements are too many");
    return v;
}

// Decodes the view's count x stride bytes into destination.
void decode(const CompressedView& v, const unsigned char* source, unsigned char* destination, const std::string& where) {
    const std::size_t count = static_cast<std::size_t>(v.count), stride = static_cast<std::size_t>(v.stride);
    const std::size_t length = static_cast<std::size_t>(v.length);
    int status = 0;
    if (v.mode == "ATTRIBUTES") {
        status = meshopt_decodeVertexBuffer(destination, count, stride, source, length);
        if (status == 0 && v.filter == "OCTAHEDRAL") meshopt_decodeFilterOct(destination, count, stride);
        if (status == 0 && v.filter == "QUATERNION") meshopt_decodeFilterQuat(destination, count, stride);
        if (status == 0 && v.filter == "EXPONENTIAL") meshopt_decodeFilterExp(destination, count, stride);
    } else if (v.mode == "TRIANGLES") {
        status = meshopt_decodeIndexBuffer(destination, count, stride, source, length);
    } else {
        status = meshopt_decodeIndexSequence(destination, count, stride, source, length);
    }
    if (status != 0)
        throw LoadError(where + ": its " + kExtension + " data does not decode (meshoptimizer's error " + std::to_string(status) + ")");
}

}  // namespace

void stand_in_for_fallback_buffers(const nlohmann::json& json, bool binary, std::optional<nlohmann::json>& for_parser) {
    const auto buffers = json.find("buffers");
    if (buffers == json.end() || !buffers->is_array()) return;
    for (std::size_t b = 0; b < buffers->size(); ++b) {
        if (!is_fallback_without_data((*buffers)[b], b, binary)) continue;
        if (!for_parser) for_parser = json;  // (copied only for such a file)
        nlohmann::json& buffer = (*for_parser)["buffers"][b];
        buffer["uri"] = kStandInUri;
        buffer["byteLength"] = 1;
    }
}

void decode_compressed_buffer_views(const nlohmann::json& json, bool binary, tinygltf::Model& model) {
    const auto views = json.find("bufferViews");
    if (views == json.end() || !views->is_array()) return;
    // The fallbacks without data, at their length, before any view is decoded into them.
    const auto buffers = json.find("buffers");
    if (buffers != json.end() && buffers->is_array()) {
        for (std::size_t b = 0; b < buffers->size() && b < model.buffers.size(); ++b) {
            const nlohmann::json& buffer = (*buffers)[b];
            if (!is_fallback_without_data(buffer, b, binary)) continue;
            const std::string where = "buffer " + std::to_string(b);
            const std::uint64_t length = unsigned_member(buffer, "byteLength", where).value_or(0);
            if (length > kMostFallbackBytes)
                throw LoadError(where + " (" + kExtension + "'s fallback) is too large: " + std::to_string(length) + " bytes");
            model.buffers[b].data.assign(static_cast<std::size_t>(length), 0);
        }
    }
    for (std::size_t i = 0; i < views->size() && i < model.bufferViews.size(); ++i) {
        const nlohmann::json* extension = extension_of((*views)[i]);
        if (extension == nullptr) continue;
        const std::string where = "bufferView " + std::to_string(i);
        const CompressedView v = read_compressed_view(*extension, where);
        if (v.buffer >= model.buffers.size())
            throw LoadError(where + "'s " + kExtension + " refers to buffer " + std::to_string(v.buffer) + ", which does not exist");
        const std::vector<unsigned char>& source = model.buffers[static_cast<std::size_t>(v.buffer)].data;
        if (v.offset > source.size() || v.length > source.size() - v.offset)
            throw LoadError(where + "'s compressed data runs past the end of buffer " + std::to_string(v.buffer));
        tinygltf::BufferView& view = model.bufferViews[i];
        if (view.byteLength != v.count * v.stride)
            throw LoadError(where + " is " + std::to_string(view.byteLength) + " bytes long, its " + kExtension + " decodes " +
                            std::to_string(v.count) + " x " + std::to_string(v.stride));
        if (view.buffer < 0 || static_cast<std::size_t>(view.buffer) >= model.buffers.size())
            throw LoadError(where + " refers to a buffer that does not exist");
        std::vector<unsigned char>& target = model.buffers[static_cast<std::size_t>(view.buffer)].data;
        if (view.byteOffset > target.size() || view.byteLength > target.size() - view.byteOffset)
            throw LoadError(where + " runs past the end of buffer " + std::to_string(view.buffer));
        if (v.buffer == static_cast<std::uint64_t>(view.buffer) && v.offset < view.byteOffset + view.byteLength &&
            view.byteOffset < v.offset + v.length)
            throw LoadError(where + " would be decoded over its own compressed data");
        decode(v, source.data() + v.offset, target.data() + view.byteOffset, where);
    }
}

}  // namespace dynskin::io
