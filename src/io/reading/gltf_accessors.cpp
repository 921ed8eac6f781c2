#include "io/reading/gltf_accessors.h"

#include <algorithm>
#include <cstring>

#include "dynskin/gltf_loader.h"

namespace dynskin::io {
namespace {

// An accessor with no bufferView is all zeros (plus sparse values); its count costs memory
// without costing file bytes, so it is capped before anything is allocated.
constexpr std::uint64_t max_elements_without_buffer = 1u << 24;

int component_size(int component_type) {
    switch (component_type) {
        case TINYGLTF_COMPONENT_TYPE_BYTE:
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: return 1;
        case TINYGLTF_COMPONENT_TYPE_SHORT:
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: return 2;
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT:
        case TINYGLTF_COMPONENT_TYPE_FLOAT: return 4;
        default: return 0;
    }
}

// The bytes [offset, offset + stride * (count - 1) + element_size) of a bufferView, checked.
const std::uint8_t* view_bytes(const tinygltf::Model& model, int view_index, std::uint64_t offset,
                               std::uint64_t count, std::uint64_t element_size, std::uint64_t& stride,
                               const std::string& what) {
    if (view_index < 0 || static_cast<std::size_t>(view_index) >= model.bufferViews.size())
        throw LoadError(what + " refers to bufferView " + std::to_string(view_index) + ", which does not exist");
    const tinygltf::BufferView& view = model.bufferViews[static_cast<std::size_t>(view_index)];
    if (view.buffer < 0 || static_cast<std::size_t>(view.buffer) >= model.buffers.size())
        throw LoadError(what + ": bufferView " + std::to_string(view_index) + " refers to a buffer that does not exist");
    const std::vector<unsigned char>& data = model.buffers[static_cast<std::size_t>(view.buffer)].data;
    if (view.byteOffset > data.size() || view.byteLength > data.size() - view.byteOffset)
        throw LoadError(what + ": bufferView " + std::to_string(view_index) + " runs past the end of buffer " +
                        std::to_string(view.buffer));
    if (stride == 0) stride = view.byteStride != 0 ? view.byteStride : element_size;
    if (stride < element_size)
        throw LoadError(what + ": bufferView " + std::to_string(view_index) + " has a byteStride smaller than an element");
    // Both bounded by byteLength (< 2^31), stride * count cannot overflow.
    if (count > view.byteLength || (count > 1 && stride > view.byteLength))
        throw LoadError(what + " runs past the end of bufferView " + std::to_string(view_index));
    const std::uint64_t needed = count == 0 ? 0 : stride * (count - 1) + element_size;
    if (offset > view.byteLength || needed > view.byteLength - offset)
        throw LoadError(what + " runs past the end of bufferView " + std::to_string(view_index) + " (" +
                        std::to_string(count) + " elements)");
    return data.data() + view.byteOffset + offset;
}

double component_value(const std::uint8_t* bytes, int component_type, bool normalized) {
    switch (component_type) {
        case TINYGLTF_COMPONENT_TYPE_BYTE: {
            std::int8_t v;
            std::memcpy(&v, bytes, 1);
            return normalized ? std::max(v / 127.0, -1.0) : v;
        }
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: return normalized ? bytes[0] / 255.0 : bytes[0];
        case TINYGLTF_COMPONENT_TYPE_SHORT: {
            std::int16_t v;
            std::memcpy(&v, bytes, 2);
            return normalized ? std::max(v / 32767.0, -1.0) : v;
        }
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
            std::uint16_t v;
            std::memcpy(&v, bytes, 2);
            return normalized ? v / 65535.0 : v;
        }
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: {
            std::uint32_t v;
            std::memcpy(&v, bytes, 4);
            return normalized ? v / 4294967295.0 : v;
        }
        default: {
            float v;
            std::memcpy(&v, bytes, 4);
            return v;
        }
    }
}

// Dense element bytes (tightly packed) with sparse substitutions applied.
struct DenseBytes {
    int components = 0;
    int component_type = 0;
    std::uint64_t count = 0;
    std::vector<std::uint8_t> bytes;
};

DenseBytes read_dense(const tinygltf::Model& model, int accessor_index, const std::string& what) {
    if (accessor_index < 0 || static_cast<std::size_t>(accessor_index) >= model.accessors.size())
        throw LoadError(what + " refers to accessor " + std::to_string(accessor_index) + ", which does not exist");
    const std::string name = what + " (accessor " + std::to_string(accessor_index) + ")";
    const tinygltf::Accessor& accessor = model.accessors[static_cast<std::size_t>(accessor_index)];
    DenseBytes dense;
    dense.component_type = accessor.componentType;
    dense.components = tinygltf::GetNumComponentsInType(static_cast<std::uint32_t>(accessor.type));
    const int size = component_size(accessor.componentType);
    if (dense.components <= 0 || size == 0) throw LoadError(name + " has an unsupported type");
    const std::uint64_t element_size = static_cast<std::uint64_t>(size) * static_cast<std::uint64_t>(dense.components);
    dense.count = accessor.count;

    if (accessor.bufferView < 0) {
        if (dense.count > max_elements_without_buffer)
            throw LoadError(name + " claims " + std::to_string(dense.count) + " elements without any data");
        dense.bytes.assign(dense.count * element_size, 0);
    } else {
        std::uint64_t stride = 0;
        const std::uint8_t* source =
            view_bytes(model, accessor.bufferView, accessor.byteOffset, dense.count, element_size, stride, name);
        dense.bytes.resize(dense.count * element_size);
        for (std::uint64_t i = 0; i < dense.count; ++i)
            std::memcpy(dense.bytes.data() + i * element_size, source + i * stride, element_size);
    }

    if (accessor.sparse.isSparse) {
        const auto& sparse = accessor.sparse;
        if (sparse.count < 0 || static_cast<std::uint64_t>(sparse.count) > dense.count)
            throw LoadError(name + " has a sparse count larger than its count");
        if (sparse.indices.byteOffset < 0 || sparse.values.byteOffset < 0)
            throw LoadError(name + " has a negative sparse byteOffset");
        const std::uint64_t sparse_count = static_cast<std::uint64_t>(sparse.count);
        const int index_size = component_size(sparse.indices.componentType);
        if (index_size == 0 || sparse.indices.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT ||
            sparse.indices.componentType == TINYGLTF_COMPONENT_TYPE_BYTE ||
            sparse.indices.componentType == TINYGLTF_COMPONENT_TYPE_SHORT)
            throw LoadError(name + " has sparse indices that are not unsigned integers");
        std::uint64_t index_stride = static_cast<std::uint64_t>(index_size);
        std::uint64_t value_stride = element_size;
        const std::uint8_t* indices = view_bytes(model, sparse.indices.bufferView,
                                                 static_cast<std::uint64_t>(sparse.indices.byteOffset), sparse_count,
                                                 index_stride, index_stride, name + " sparse indices");
        const std::uint8_t* values = view_bytes(model, sparse.values.bufferView,
                                                static_cast<std::uint64_t>(sparse.values.byteOffset), sparse_count,
                                                element_size, value_stride, name + " sparse values");
        for (std::uint64_t k = 0; k < sparse_count; ++k) {
            const auto target = static_cast<std::uint64_t>(
                component_value(indices + k * index_stride, sparse.indices.componentType, false));
            if (target >= dense.count)
                throw LoadError(name + " has sparse index " + std::to_string(target) + " past its " +
                                std::to_string(dense.count) + " elements");
            std::memcpy(dense.bytes.data() + target * element_size, values + k * value_stride, element_size);
        }
    }
    return dense;
}

}  // namespace

AccessorValues<float> read_float_accessor(const tinygltf::Model& model, int accessor_index, const std::string& what) {
    const DenseBytes dense = read_dense(model, accessor_index, what);
    const bool normalized = model.accessors[static_cast<std::size_t>(accessor_index)].normalized;
    const int size = component_size(dense.component_type);
    AccessorValues<float> result;
    result.components = dense.components;
    result.count = static_cast<std::size_t>(dense.count);
    result.values.resize(result.count * static_cast<std::size_t>(result.components));
    for (std::size_t k = 0; k < result.values.size(); ++k)
        result.values[k] = static_cast<float>(component_value(dense.bytes.data() + k * size, dense.component_type, normalized));
    return result;
}

AccessorValues<std::uint32_t> read_uint_accessor(const tinygltf::Model& model, int accessor_index,
                                                 const std::string& what) {
    const DenseBytes dense = read_dense(model, accessor_index, what);
    if (dense.component_type != TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE &&
        dense.component_type != TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT &&
        dense.component_type != TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT)
        throw LoadError(what + " (accessor " + std::to_string(accessor_index) + ") is not of an unsigned integer type");
    const int size = component_size(dense.component_type);
    AccessorValues<std::uint32_t> result;
    result.components = dense.components;
    result.count = static_cast<std::size_t>(dense.count);
    result.values.resize(result.count * static_cast<std::size_t>(result.components));
    for (std::size_t k = 0; k < result.values.size(); ++k)
        result.values[k] =
            static_cast<std::uint32_t>(component_value(dense.bytes.data() + k * size, dense.component_type, false));
    return result;
}

}  // namespace dynskin::io
