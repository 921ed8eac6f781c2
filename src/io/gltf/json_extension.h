#pragma once
// A glTF object's extension by name, read from the file's JSON (the decoders of compressed
// data check what they read there, before tinygltf's view of it is used).

#include <nlohmann/json.hpp>

namespace dynskin::io {

// object.extensions[name], or null where the object, its extensions or that one is missing.
inline const nlohmann::json* json_extension(const nlohmann::json& object, const char* name) {
    if (!object.is_object()) return nullptr;
    const auto extensions = object.find("extensions");
    if (extensions == object.end() || !extensions->is_object()) return nullptr;
    const auto extension = extensions->find(name);
    return extension == extensions->end() ? nullptr : &*extension;
}

}  // namespace dynskin::io
