// Files as optimizers and exporters write them: bufferViews compressed with
// EXT_meshopt_compression (gltfpack, glTF-Transform), with and without meshopt's filters;
// primitives compressed with KHR_draco_mesh_compression (Blender, gltf-pipeline); texture
// coordinates rescaled through KHR_texture_transform; textures as WebP (EXT_texture_webp) or
// KTX2 (KHR_texture_basisu). Each loads as the file it was made from.

#include <draco/compression/encode.h>
#include <draco/mesh/mesh.h>
#include <meshoptimizer.h>
#include <webp/encode.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <set>

#include "dynskin/gltf_saver.h"
#include "io/gltf/gltf_document.h"
#include "io/reading/gltf_texture_transform.h"
#include "io_test_support.h"
#include "material_scenes.h"

namespace dynskin::test {
namespace {

using nlohmann::json;

std::size_t component_bytes(int component_type) {
    return component_type == kByte || component_type == kUnsignedByte ? 1
           : component_type == kShort || component_type == kUnsignedShort ? 2
                                                                         : 4;
}

json meshopt_extension(std::size_t offset, std::size_t length, std::size_t stride, std::size_t count, const std::string& mode) {
    return {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", length}, {"byteStride", stride}, {"count", count}, {"mode", mode}};
}

// Appends bytes to the BIN chunk, 4-aligned; returns where they start.
std::size_t append(GltfWriter& w, const std::vector<unsigned char>& bytes) {
    w.bin.resize((w.bin.size() + 3) / 4 * 4, 0);
    const std::size_t offset = w.bin.size();
    w.bin.insert(w.bin.end(), bytes.begin(), bytes.end());
    return offset;
}

// Stores view v's bytes compressed by meshopt's vertex codec (its filter applied by the caller).
void compress_attributes(GltfWriter& w, int v, std::size_t stride, const std::string& filter = "NONE") {
    json& view = w.json["bufferViews"][static_cast<std::size_t>(v)];
    const std::size_t offset = view["byteOffset"], length = view["byteLength"], count = length / stride;
    std::vector<unsigned char> encoded(meshopt_encodeVertexBufferBound(count, stride));
    encoded.resize(meshopt_encodeVertexBuffer(encoded.data(), encoded.size(), w.bin.data() + offset, count, stride));
    json extension = meshopt_extension(append(w, encoded), encoded.size(), stride, count, "ATTRIBUTES");
    if (filter != "NONE") extension["filter"] = filter;
    view["buffer"] = 1;
    view["extensions"]["EXT_meshopt_compression"] = extension;
}

// The same for an index view, with the index codec (TRIANGLES).
void compress_triangles(GltfWriter& w, int v, std::size_t index_bytes) {
    json& view = w.json["bufferViews"][static_cast<std::size_t>(v)];
    const std::size_t offset = view["byteOffset"], length = view["byteLength"], count = length / index_bytes;
    std::vector<unsigned int> indices(count);
    for (std::size_t i = 0; i < count; ++i) {
        std::uint32_t index = 0;
        std::memcpy(&index, w.bin.data() + offset + i * index_bytes, index_bytes);
        indices[i] = index;
    }
    const std::size_t vertices = indices.empty() ? 0 : *std::max_element(indices.begin(), indices.end()) + 1;
    std::vector<unsigned char> encoded(meshopt_encodeIndexBufferBound(count, vertices));
    encoded.resize(meshopt_encodeIndexBuffer(encoded.data(), encoded.size(), indices.data(), count));
    view["buffer"] = 1;
    view["extensions"]["EXT_meshopt_compression"] = meshopt_extension(append(w, encoded), encoded.size(), index_bytes, count, "TRIANGLES");
}

// Buffer 1 becomes the fallback the compressed views now name: as long as the BIN chunk was,
// without data (what gltfpack -cc writes).
void add_fallback_buffer(GltfWriter& w, std::size_t length) {
    w.json["buffers"][1] = {{"byteLength", length}, {"extensions", {{"EXT_meshopt_compression", {{"fallback", true}}}}}};
    for (const char* list : {"extensionsUsed", "extensionsRequired"}) w.json[list].push_back("EXT_meshopt_compression");
}

// The writer's file with every bufferView an accessor reads compressed: index views as
// TRIANGLES, the others as ATTRIBUTES of their elements' size (or stride).
GltfWriter meshopt_compressed(GltfWriter w) {
    const std::size_t original = w.bin.size();
    std::set<int> index_views;
    for (const json& mesh : w.json["meshes"])
        for (const json& primitive : mesh["primitives"])
            if (primitive.contains("indices"))
                index_views.insert(w.json["accessors"][primitive["indices"].get<std::size_t>()]["bufferView"].get<int>());
    std::map<int, std::size_t> strides;  // view -> its elements' bytes
    for (const json& accessor : w.json["accessors"]) {
        const int view = accessor["bufferView"];
        const json& stored = w.json["bufferViews"][static_cast<std::size_t>(view)];
        strides[view] = stored.contains("byteStride") ? stored["byteStride"].get<std::size_t>()
                                                      : component_bytes(accessor["componentType"]) *
                                                            GltfWriter::components_of(accessor["type"]);
    }
    for (const auto& [view, stride] : strides) {
        if (index_views.count(view)) {
            compress_triangles(w, view, stride);
        } else {
            EXPECT_EQ(stride % 4, 0u) << "view " << view << ": meshopt's vertex codec takes strides of 4 bytes";
            compress_attributes(w, view, stride);
        }
    }
    add_fallback_buffer(w, original);
    return w;
}

std::vector<std::uint32_t> rotated_to_smallest(std::vector<std::uint32_t> triangles) {
    for (std::size_t t = 0; t + 2 < triangles.size(); t += 3) {
        const auto first = triangles.begin() + static_cast<std::ptrdiff_t>(t);
        std::rotate(first, std::min_element(first, first + 3), first + 3);
    }
    return triangles;
}

void expect_same_character(const io::LoadedCharacter& a, const io::LoadedCharacter& b) {
    const SkinnedMesh &ma = a.character.mesh, &mb = b.character.mesh;
    EXPECT_EQ(ma.rest_positions, mb.rest_positions);
    EXPECT_EQ(ma.rest_normals, mb.rest_normals);
    // (meshopt's index codec may start a triangle at another of its corners: the same triangle)
    EXPECT_EQ(rotated_to_smallest(ma.triangles), rotated_to_smallest(mb.triangles));
    EXPECT_EQ(ma.weights.joints, mb.weights.joints);
    EXPECT_EQ(ma.weights.weights, mb.weights.weights);
    EXPECT_EQ(ma.inverse_binds, mb.inverse_binds);
    EXPECT_EQ(a.character.skeleton.parents, b.character.skeleton.parents);
    ASSERT_EQ(a.character.clips.size(), b.character.clips.size());
    for (std::size_t c = 0; c < a.character.clips.size(); ++c) {
        Pose pa = Pose::rest_of(a.character.skeleton), pb = Pose::rest_of(b.character.skeleton);
        a.character.clips[c].sample(0.75, pa);
        b.character.clips[c].sample(0.75, pb);
        for (std::size_t j = 0; j < pa.local.size(); ++j) {
            EXPECT_EQ(pa.local[j].rotation, pb.local[j].rotation);
            EXPECT_EQ(pa.local[j].translation, pb.local[j].translation);
        }
    }
}

// The compressed file, as .glb and as .gltf, loads without warnings as `plain` does.
void expect_loads_as(const GltfWriter& compressed, const GltfWriter& plain) {
    const io::LoadedCharacter expected = load(plain);
    for (const auto& bytes : {compressed.glb(), compressed.gltf_embedded()}) {
        const io::LoadedCharacter loaded = io::load_gltf_from_memory(bytes);
        EXPECT_TRUE(loaded.warnings.empty()) << loaded.warnings.front();
        expect_same_character(loaded, expected);
    }
}

// Why the file does not load ("(loaded)" when it does).
std::string error_of(const GltfWriter& w) {
    try {
        io::load_gltf_from_memory(w.glb());
    } catch (const io::LoadError& e) {
        return e.what();
    }
    return "(loaded)";
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(MeshoptCompression, CompressedViewsLoadAsTheFileTheyWereMadeFrom) {
    const GltfWriter plain = arm_with_prop(true);
    expect_loads_as(meshopt_compressed(plain), plain);
}

TEST(MeshoptCompression, FiltersDecodeToTheValuesTheyWereMadeFrom) {
    // The arm's normals octahedral-encoded (16 bits, 8 bytes: normalized SHORT VEC3 in VEC4
    // slots), its positions exponent-encoded (15-bit mantissas), a clip's rotations
    // quaternion-encoded (12 bits), as gltfpack's -cc with -vpf writes them.
    GltfWriter w = arm_with_prop(true);
    json& arm = w.json["meshes"][0]["primitives"][0]["attributes"];
    const std::vector<glm::vec3> normals = {glm::normalize(glm::vec3(0.3f, -0.2f, 1.0f)), glm::vec3(0, 0, 1),
                                            glm::normalize(glm::vec3(-1, 2, 0.5f)),        glm::vec3(0, 1, 0),
                                            glm::normalize(glm::vec3(0.1f, 0.1f, -1)),     glm::vec3(1, 0, 0)};
    std::vector<float> unit;
    for (const glm::vec3& n : normals) unit.insert(unit.end(), {n.x, n.y, n.z, 0.0f});
    std::vector<std::int16_t> octahedral(4 * normals.size());
    meshopt_encodeFilterOct(octahedral.data(), normals.size(), 8, 16, unit.data());
    const int normal_view = w.add_view(octahedral.data(), octahedral.size() * 2, 8);
    arm["NORMAL"] = w.add_accessor(normal_view, kShort, normals.size(), "VEC3", true);

    const std::vector<glm::vec3> positions = arm_positions();
    std::vector<float> flat;
    for (const glm::vec3& p : positions) flat.insert(flat.end(), {p.x, p.y, p.z});
    std::vector<std::uint32_t> exponential(flat.size());
    meshopt_encodeFilterExp(exponential.data(), positions.size(), 12, 15, flat.data());
    const int position_view = w.add_view(exponential.data(), exponential.size() * 4, 12);
    arm["POSITION"] = w.add_accessor(position_view, kFloat, positions.size(), "VEC3");
    glm::vec3 low(1e30f), high(-1e30f);
    for (const glm::vec3& p : positions) low = glm::min(low, p), high = glm::max(high, p);
    w.json["accessors"][arm["POSITION"].get<std::size_t>()]["min"] = {low.x, low.y, low.z};
    w.json["accessors"][arm["POSITION"].get<std::size_t>()]["max"] = {high.x, high.y, high.z};

    const float s = std::sqrt(0.5f);
    const std::vector<float> turns = {0, 0, s, s, 0, 0.6f, 0, 0.8f};
    std::vector<std::int16_t> quaternions(turns.size());
    meshopt_encodeFilterQuat(quaternions.data(), 2, 8, 12, turns.data());
    const int rotation_view = w.add_view(quaternions.data(), quaternions.size() * 2, 8);
    w.json["animations"][0]["samplers"][0]["output"] = w.add_accessor(rotation_view, kShort, 2, "VEC4", true);
    const std::size_t original = w.bin.size();
    compress_attributes(w, normal_view, 8, "OCTAHEDRAL");
    compress_attributes(w, position_view, 12, "EXPONENTIAL");
    compress_attributes(w, rotation_view, 8, "QUATERNION");
    add_fallback_buffer(w, original);
    for (const char* list : {"extensionsUsed", "extensionsRequired"}) w.json[list].push_back("KHR_mesh_quantization");

    const io::LoadedCharacter loaded = load(w);
    EXPECT_TRUE(loaded.warnings.empty()) << loaded.warnings.front();
    const SkinnedMesh& mesh = loaded.character.mesh;
    ASSERT_GE(mesh.rest_normals.size(), normals.size());  // (the arm's six, then the prop's)
    for (std::size_t i = 0; i < normals.size(); ++i) EXPECT_VEC3_NEAR(mesh.rest_normals[i], normals[i], 1e-3f);
    for (std::size_t i = 0; i < positions.size(); ++i) EXPECT_VEC3_NEAR(mesh.rest_positions[i], positions[i], 1e-4f);
    ASSERT_EQ(loaded.character.clips.size(), 1u);
    Pose pose = Pose::rest_of(loaded.character.skeleton);
    loaded.character.clips[0].sample(1.0, pose);  // STEP: the second key from t = 1
    const glm::quat q = pose.local[static_cast<std::size_t>(joint_named(loaded.character.skeleton, "elbow"))].rotation;
    EXPECT_LE(std::abs(std::abs(glm::dot(q, glm::quat(0.8f, 0.0f, 0.6f, 0.0f))) - 1.0f), 1e-5f);
}

TEST(MeshoptCompression, BrokenCompressedViewsAreClearErrors) {
    const GltfWriter plain = arm_rig();

    GltfWriter truncated = meshopt_compressed(plain);
    truncated.json["bufferViews"][0]["extensions"]["EXT_meshopt_compression"]["byteLength"] = 5;
    EXPECT_TRUE(contains(error_of(truncated), "bufferView 0: its EXT_meshopt_compression data does not decode")) << error_of(truncated);

    GltfWriter bad_mode = meshopt_compressed(plain);
    bad_mode.json["bufferViews"][0]["extensions"]["EXT_meshopt_compression"]["mode"] = "STRIPS";
    EXPECT_TRUE(contains(error_of(bad_mode), "unknown mode 'STRIPS'")) << error_of(bad_mode);

    GltfWriter bad_stride = meshopt_compressed(plain);
    bad_stride.json["bufferViews"][0]["extensions"]["EXT_meshopt_compression"]["byteStride"] = 6;
    EXPECT_TRUE(contains(error_of(bad_stride), "byteStride 6")) << error_of(bad_stride);

    GltfWriter past_end = meshopt_compressed(plain);
    past_end.json["bufferViews"][0]["extensions"]["EXT_meshopt_compression"]["byteOffset"] = 1u << 20;
    EXPECT_TRUE(contains(error_of(past_end), "compressed data runs past the end of buffer 0")) << error_of(past_end);

    GltfWriter huge = meshopt_compressed(plain);
    huge.json["buffers"][1]["byteLength"] = std::uint64_t{1} << 40;
    EXPECT_TRUE(contains(error_of(huge), "is too large")) << error_of(huge);

    GltfWriter bad_filter = meshopt_compressed(plain);
    bad_filter.json["bufferViews"][0]["extensions"]["EXT_meshopt_compression"]["filter"] = "QUATERNION";  // on 12-byte positions
    EXPECT_TRUE(contains(error_of(bad_filter), "filter 'QUATERNION' does not apply")) << error_of(bad_filter);
}

// An accessor's elements, as stored (tightly packed: the test writer's views).
std::vector<unsigned char> accessor_bytes(const GltfWriter& w, int index) {
    const json& accessor = w.json["accessors"][static_cast<std::size_t>(index)];
    const json& view = w.json["bufferViews"][accessor["bufferView"].get<std::size_t>()];
    const std::size_t size = accessor["count"].get<std::size_t>() * component_bytes(accessor["componentType"]) *
                             GltfWriter::components_of(accessor["type"]);
    const std::size_t offset = view["byteOffset"].get<std::size_t>() + accessor.value("byteOffset", std::size_t{0});
    return {w.bin.begin() + static_cast<std::ptrdiff_t>(offset), w.bin.begin() + static_cast<std::ptrdiff_t>(offset + size)};
}

draco::DataType draco_type(int component_type) {
    switch (component_type) {
    case kUnsignedByte: return draco::DT_UINT8;
    case kUnsignedShort: return draco::DT_UINT16;
    case kUnsignedInt: return draco::DT_UINT32;
    default: return draco::DT_FLOAT32;
    }
}

// The writer's first primitive as one Draco stream (sequential connectivity, no quantization:
// the points and faces come back as they went in), its accessors without bufferViews, as
// gltf-pipeline and Blender write it.
GltfWriter draco_compressed(GltfWriter w) {
    json& primitive = w.json["meshes"][0]["primitives"][0];
    const json& indices = w.json["accessors"][primitive["indices"].get<std::size_t>()];
    draco::Mesh mesh;
    const std::size_t points = w.json["accessors"][primitive["attributes"]["POSITION"].get<std::size_t>()]["count"];
    mesh.set_num_points(static_cast<draco::PointIndex::ValueType>(points));
    json ids = json::object();
    for (const auto& [name, accessor_index] : primitive["attributes"].items()) {
        const json& accessor = w.json["accessors"][accessor_index.get<std::size_t>()];
        const int components = static_cast<int>(GltfWriter::components_of(accessor["type"]));
        const int component_type = accessor["componentType"];
        draco::GeometryAttribute attribute;
        attribute.Init(name == "POSITION" ? draco::GeometryAttribute::POSITION
                       : name == "NORMAL" ? draco::GeometryAttribute::NORMAL
                                          : draco::GeometryAttribute::GENERIC,
                       nullptr, static_cast<std::uint8_t>(components), draco_type(component_type), false,
                       static_cast<std::int64_t>(component_bytes(component_type)) * components, 0);
        const int id = mesh.AddAttribute(attribute, true, static_cast<draco::AttributeValueIndex::ValueType>(points));
        const std::vector<unsigned char> bytes = accessor_bytes(w, accessor_index);
        const std::size_t element = bytes.size() / points;
        for (std::size_t i = 0; i < points; ++i)
            mesh.attribute(id)->SetAttributeValue(draco::AttributeValueIndex(static_cast<std::uint32_t>(i)), bytes.data() + i * element);
        ids[name] = mesh.attribute(id)->unique_id();
    }
    const std::vector<unsigned char> corner_bytes = accessor_bytes(w, primitive["indices"]);
    const std::size_t corners = indices["count"], index_bytes = component_bytes(indices["componentType"]);
    mesh.SetNumFaces(corners / 3);
    for (std::size_t f = 0; f < corners / 3; ++f) {
        draco::Mesh::Face face;
        for (std::size_t c = 0; c < 3; ++c) {
            std::uint32_t point = 0;
            std::memcpy(&point, corner_bytes.data() + (3 * f + c) * index_bytes, index_bytes);
            face[c] = draco::PointIndex(point);
        }
        mesh.SetFace(draco::FaceIndex(static_cast<std::uint32_t>(f)), face);
    }
    draco::Encoder encoder;
    encoder.SetEncodingMethod(draco::MESH_SEQUENTIAL_ENCODING);
    draco::EncoderBuffer stream;
    EXPECT_TRUE(encoder.EncodeMeshToBuffer(mesh, &stream).ok());
    const int view = w.add_view(stream.data(), stream.size());
    for (const auto& [name, accessor_index] : primitive["attributes"].items())
        w.json["accessors"][accessor_index.get<std::size_t>()].erase("bufferView");
    w.json["accessors"][primitive["indices"].get<std::size_t>()].erase("bufferView");
    primitive["extensions"]["KHR_draco_mesh_compression"] = {{"bufferView", view}, {"attributes", ids}};
    for (const char* list : {"extensionsUsed", "extensionsRequired"}) w.json[list].push_back("KHR_draco_mesh_compression");
    return w;
}

TEST(DracoCompression, ACompressedPrimitiveLoadsAsTheFileItWasMadeFrom) {
    const GltfWriter plain = arm_with_prop(true);
    expect_loads_as(draco_compressed(plain), plain);
}

TEST(DracoCompression, BrokenStreamsAreClearErrors) {
    const GltfWriter plain = arm_rig();
    const auto extension = [](GltfWriter& w) -> json& {
        return w.json["meshes"][0]["primitives"][0]["extensions"]["KHR_draco_mesh_compression"];
    };

    GltfWriter truncated = draco_compressed(plain);
    truncated.json["bufferViews"][extension(truncated)["bufferView"].get<std::size_t>()]["byteLength"] = 9;
    EXPECT_TRUE(contains(error_of(truncated), "mesh 0 primitive 0: its Draco data does not decode")) << error_of(truncated);

    GltfWriter no_view = draco_compressed(plain);
    extension(no_view)["bufferView"] = 999;
    EXPECT_TRUE(contains(error_of(no_view), "KHR_draco_mesh_compression has no valid bufferView")) << error_of(no_view);

    GltfWriter unknown_id = draco_compressed(plain);
    extension(unknown_id)["attributes"]["NORMAL"] = 77;
    EXPECT_TRUE(contains(error_of(unknown_id), "its Draco data has no attribute 77 for NORMAL")) << error_of(unknown_id);

    GltfWriter strip = draco_compressed(plain);
    strip.json["meshes"][0]["primitives"][0]["mode"] = 5;
    EXPECT_TRUE(contains(error_of(strip), "Draco holds triangle lists")) << error_of(strip);
}

TEST(CompressedFiles, PaintAndSettingsSavedIntoThemReopenAsTheyWere) {
    const std::string folder = make_temp_folder();
    const GltfWriter plain = arm_with_prop(true);
    const io::LoadedCharacter expected = load(plain);
    const std::vector<float> bend = {1.0f, 0.5f, -0.25f, 0.0f, 2.0f, 1.0f, 1, 1, 1, 1, 1, 1, 1, 1};
    DynamicSettings settings;
    settings.parameters.oscillation.frequency = 3.25f;
    for (const auto& [name, file] : {std::pair{"meshopt", meshopt_compressed(plain)}, std::pair{"draco", draco_compressed(plain)}}) {
        const std::string source = file.write_glb(folder, name), saved = folder + "/" + name + "_saved.glb";
        io::save_character_work(source, saved, bend, settings);
        const io::LoadedCharacter loaded = io::load_gltf(saved);
        EXPECT_TRUE(loaded.warnings.empty()) << name << ": " << loaded.warnings.front();
        expect_same_character(loaded, expected);
        EXPECT_EQ(loaded.character.mesh.bend_weights, bend) << name;
        ASSERT_TRUE(loaded.settings.has_value()) << name;
        EXPECT_EQ(loaded.settings->parameters.oscillation.frequency, 3.25f) << name;
        // The meshopt views are written decoded (the file no longer needs the extension); the
        // Draco stream is kept as it was.
        const nlohmann::json saved_json = io::parse_gltf_document(io::read_file_bytes(saved), "").json;
        const nlohmann::json required = saved_json.value("extensionsRequired", nlohmann::json::array());
        EXPECT_EQ(std::count(required.begin(), required.end(), "EXT_meshopt_compression"), 0) << name;
        EXPECT_EQ(std::count(required.begin(), required.end(), "KHR_draco_mesh_compression"), std::string(name) == "draco") << name;
    }
}

TEST(TextureTransform, TheTextureSamplesTheTransformedCoordinates) {
    // The textured panel's material (TEXCOORD_1 = (1.25, 0.5)) reads TEXCOORD_0 = (0.25, 0.5)
    // through the transform instead: scaled, then turned, then offset (glTF's order; the turn
    // as the extension's sample model and every implementation make it: u' = cos u + sin v).
    MaterialScene scene = material_panels();
    const float rotation = 0.3f;
    scene.writer.json["materials"][2]["pbrMetallicRoughness"]["baseColorTexture"]["extensions"]["KHR_texture_transform"] = {
        {"offset", {0.5, -0.25}}, {"rotation", rotation}, {"scale", {2.0, 0.5}}, {"texCoord", 0}};
    scene.writer.json["extensionsUsed"] = {"KHR_texture_transform"};
    const io::LoadedCharacter loaded = load(scene.writer);
    EXPECT_TRUE(loaded.warnings.empty()) << loaded.warnings.front();
    const glm::vec2 scaled(0.25f * 2.0f, 0.5f * 0.5f);
    const glm::vec2 expected(0.5f + std::cos(rotation) * scaled.x + std::sin(rotation) * scaled.y,
                             -0.25f - std::sin(rotation) * scaled.x + std::cos(rotation) * scaled.y);
    const std::vector<glm::vec2>& uvs = loaded.look.texture_uvs;
    ASSERT_EQ(uvs.size(), loaded.character.mesh.vertex_count());
    for (std::size_t i = 12; i < 16; ++i) {
        EXPECT_NEAR(uvs[i].x, expected.x, 1e-6f);
        EXPECT_NEAR(uvs[i].y, expected.y, 1e-6f);
    }
    EXPECT_EQ(loaded.character.mesh.uvs.at(12), glm::vec2(0.25f, 0.5f)) << "the mesh's own TEXCOORD_0 unchanged";

    // A quarter turn alone takes u = 1 to v = -1.
    io::BaseColorTexcoords quarter;
    quarter.rotation = 0.5f * 3.14159265f;
    EXPECT_VEC3_NEAR(glm::vec3(quarter.sampled_at({1, 0}), 0), glm::vec3(0, -1, 0), 1e-6f);
}

TEST(TextureTransform, AnInvalidTransformIsAWarningAndLeftOut) {
    MaterialScene scene = material_panels();
    scene.writer.json["materials"][2]["pbrMetallicRoughness"]["baseColorTexture"]["extensions"]["KHR_texture_transform"] = {
        {"scale", {"big", 1}}};
    const io::LoadedCharacter loaded = load(scene.writer);
    EXPECT_TRUE(has_warning(loaded, "material 2 ('texture on set 1'): its base colour texture's KHR_texture_transform is invalid"));
    for (std::size_t i = 12; i < 16; ++i) EXPECT_EQ(loaded.look.texture_uvs[i], glm::vec2(1.25f, 0.5f));
}

// The textured panel's texture (2x1: blue | yellow) with its image only as `format`: the
// texture's own source gone, the extension required (what glTF-Transform writes without
// a fallback).
MaterialScene texture_only_as(const std::string& format, const std::vector<std::uint8_t>& bytes, const std::string& mime) {
    MaterialScene scene = material_panels();
    GltfWriter& w = scene.writer;
    w.json["images"].push_back({{"bufferView", w.add_view(bytes.data(), bytes.size())}, {"mimeType", mime}});
    w.json["textures"][0].erase("source");
    w.json["textures"][0]["extensions"][format] = {{"source", 1}};
    for (const char* list : {"extensionsUsed", "extensionsRequired"}) w.json[list] = {format};
    return scene;
}

TEST(TextureFormats, AWebPTextureIsDecoded) {
    const std::vector<std::uint8_t> blue_yellow = {0, 0, 255, 255, 255, 255, 0, 255};
    std::uint8_t* encoded = nullptr;
    const std::size_t size = WebPEncodeLosslessRGBA(blue_yellow.data(), 2, 1, 8, &encoded);
    ASSERT_GT(size, 0u);
    const std::vector<std::uint8_t> webp(encoded, encoded + size);
    WebPFree(encoded);
    const io::LoadedCharacter loaded = load(texture_only_as("EXT_texture_webp", webp, "image/webp").writer);
    EXPECT_TRUE(loaded.warnings.empty()) << loaded.warnings.front();
    const io::DisplayMaterial& textured = loaded.look.materials.at(
        static_cast<std::size_t>(loaded.look.draw_ranges.at(3).material));
    ASSERT_GE(textured.base_color_image, 0);
    const io::Image& image = loaded.look.images.at(static_cast<std::size_t>(textured.base_color_image));
    EXPECT_EQ(image.width, 2);
    EXPECT_EQ(image.height, 1);
    EXPECT_EQ(image.rgba, blue_yellow);
}

TEST(TextureFormats, AKtx2TextureLeavesTheFileOpenWithoutIt) {
    const std::vector<std::uint8_t> ktx2 = {0xAB, 'K', 'T', 'X', ' ', '2', '0', 0xBB, '\r', '\n', 0x1A, '\n'};
    const io::LoadedCharacter loaded = load(texture_only_as("KHR_texture_basisu", ktx2, "image/ktx2").writer);
    EXPECT_TRUE(has_warning(loaded, "material 2 ('texture on set 1'): its base colour texture 0 is stored as KTX2 "
                                    "(KHR_texture_basisu), which dynskin does not decode; it is drawn without it"));
    EXPECT_EQ(loaded.look.materials.at(static_cast<std::size_t>(loaded.look.draw_ranges.at(3).material)).base_color_image, -1);
    EXPECT_EQ(loaded.character.mesh.vertex_count(), load(material_panels().writer).character.mesh.vertex_count());
}

}  // namespace
}  // namespace dynskin::test
