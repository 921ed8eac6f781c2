#pragma once
// Reading the file's own JSON, for what is checked there before tinygltf's view of it is used
// (the decoders of compressed data, the images' bufferViews): an object's extension, its
// unsigned members.

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "dynskin/gltf_loader.h"

namespace dynskin::io {

// object.extensions[name], or null where the object, its extensions or that one is missing.
inline const nlohmann::json* json_extension(const nlohmann::json& object, const char* name) {
    if (!object.is_object()) return nullptr;
    const auto extensions = object.find("extensions");
    if (extensions == object.end() || !extensions->is_object()) return nullptr;
    const auto extension = extensions->find(name);
    return extension == extensions->end() ? nullptr : &*extension;
}

// object[key] as an unsigned integer, nullopt where it is missing; LoadError ("WHERE has an
// invalid KEY") where it is something else.
inline std::optional<std::uint64_t> unsigned_member(const nlohmann::json& object, const char* key, const std::string& where) {
    const auto it = object.find(key);
    if (it == object.end()) return std::nullopt;
    if (!it->is_number_unsigned()) throw LoadError(where + " has an invalid " + key);
    return it->get<std::uint64_t>();
}

}  // namespace dynskin::io
