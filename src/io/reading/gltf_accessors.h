#pragma once
// Reading glTF accessors into plain arrays, bounds-checked: strided views, normalized and
// quantized integers (KHR_mesh_quantization) and sparse accessors, with or without bufferView.

#include <cstdint>
#include <string>
#include <vector>

#include <tiny_gltf.h>

namespace dynskin::io {

template <typename T>
struct AccessorValues {
    int components = 0;    // per element: 1 (SCALAR) .. 16 (MAT4)
    std::size_t count = 0; // elements
    std::vector<T> values; // count * components, element after element

    T at(std::size_t element, int component) const { return values[element * components + component]; }
};

// Integer components become floats; normalized ones are mapped to [0, 1] or [-1, 1].
// `what` names the accessor's use in error messages. Throws LoadError.
AccessorValues<float> read_float_accessor(const tinygltf::Model& model, int accessor_index, const std::string& what);

// Unsigned integer components only (indices, joint indices). Throws LoadError.
AccessorValues<std::uint32_t> read_uint_accessor(const tinygltf::Model& model, int accessor_index,
                                                 const std::string& what);

}  // namespace dynskin::io
