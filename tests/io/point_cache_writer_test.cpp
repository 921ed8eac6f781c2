// The point cache writer: the PC2 header and size, positions little-endian in sample order,
// Blender's axes, and refusals (no sample, ragged samples, NaN, a bad rate, a bad path).

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <limits>

#include "gltf_writer.h"
#include "io/writing/point_cache_writer.h"
#include "point_cache_reader.h"

namespace dynskin::test {
namespace {

std::vector<unsigned char> bytes_of(const std::string& s) { return {s.begin(), s.end()}; }

TEST(PointCacheWriter, HeaderSizeAndSamplesInOrder) {
    const std::vector<glm::vec3> a = {{1.0f, 2.0f, 3.0f}, {-0.5f, 0.25f, 1e-7f}};
    const std::vector<glm::vec3> b = {{4.0f, 5.0f, 6.0f}, {7.0f, -8.0f, 9.5f}};
    io::PointCache cache;
    cache.samples = {&a, &b, &a};
    cache.start_frame = 2.0f;
    cache.sample_rate = 0.5f;
    const std::string bytes = io::write_pc2(cache);
    ASSERT_EQ(bytes.size(), io::kPc2HeaderBytes + 3 * 2 * 12);
    // The header byte for byte: magic with its NUL, then little-endian int32 1 and 2.
    EXPECT_EQ(bytes.substr(0, 12), std::string("POINTCACHE2\0", 12));
    EXPECT_EQ(bytes.substr(12, 8), std::string("\1\0\0\0\2\0\0\0", 8));
    EXPECT_EQ(bytes.substr(28, 4), std::string("\3\0\0\0", 4));
    const Pc2File file = read_pc2(bytes_of(bytes));
    EXPECT_EQ(file.version, 1);
    EXPECT_EQ(file.point_count, 2);
    EXPECT_EQ(file.sample_count, 3);
    EXPECT_EQ(file.start_frame, 2.0f);
    EXPECT_EQ(file.sample_rate, 0.5f);
    EXPECT_EQ(file.samples[0], a);  // floats written bit for bit
    EXPECT_EQ(file.samples[1], b);
    EXPECT_EQ(file.samples[2], a);
}

TEST(PointCacheWriter, BlenderAxesAreTheGltfImportersRotation) {
    const std::vector<glm::vec3> up = {{0.0f, 1.0f, 0.0f}, {0.0f, 0.0f, 1.0f}, {1.0f, 2.0f, 3.0f}};
    io::PointCache cache;
    cache.samples = {&up};
    cache.axes = io::CacheAxes::blender_z_up;
    const Pc2File file = read_pc2(bytes_of(io::write_pc2(cache)));
    // glTF's up (+Y) is Blender's up (+Z); glTF's front (+Z) is Blender's -Y.
    EXPECT_EQ(file.samples[0][0], glm::vec3(0.0f, 0.0f, 1.0f));
    EXPECT_EQ(file.samples[0][1], glm::vec3(0.0f, -1.0f, 0.0f));
    EXPECT_EQ(file.samples[0][2], glm::vec3(1.0f, -3.0f, 2.0f));
}

TEST(PointCacheWriter, EmptyMeshIsAValidCache) {
    const std::vector<glm::vec3> none;
    io::PointCache cache;
    cache.samples = {&none, &none};
    const Pc2File file = read_pc2(bytes_of(io::write_pc2(cache)));
    EXPECT_EQ(file.byte_count, io::kPc2HeaderBytes);
    EXPECT_EQ(file.point_count, 0);
    EXPECT_EQ(file.sample_count, 2);
}

TEST(PointCacheWriter, RefusesWhatNoReaderCouldUse) {
    const std::vector<glm::vec3> two = {{0, 0, 0}, {1, 1, 1}}, one = {{0, 0, 0}};
    const std::vector<glm::vec3> nan = {{0, 0, 0}, {0, std::numeric_limits<float>::quiet_NaN(), 0}};
    io::PointCache cache;
    EXPECT_THROW(io::write_pc2(cache), io::PointCacheError);  // no sample
    cache.samples = {&two, &one};
    EXPECT_THROW(io::write_pc2(cache), io::PointCacheError);
    cache.samples = {&two, &nan};
    EXPECT_THROW(io::write_pc2(cache), io::PointCacheError);
    cache.samples = {&two};
    for (float rate : {0.0f, -1.0f, std::numeric_limits<float>::infinity()}) {
        cache.sample_rate = rate;
        EXPECT_THROW(io::write_pc2(cache), io::PointCacheError) << rate;
    }
}

TEST(PointCacheWriter, SavesAtomicallyAndNamesABadPath) {
    const std::vector<glm::vec3> two = {{0, 0, 0}, {1, 1, 1}};
    io::PointCache cache;
    cache.samples = {&two};
    const std::string path = make_temp_folder() + "/two.pc2";
    io::save_pc2(path, cache);
    std::ifstream in(path, std::ios::binary);
    const std::string saved((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(saved, io::write_pc2(cache));
    try {
        io::save_pc2("/nonexistent-folder/x.pc2", cache);
        FAIL() << "no error";
    } catch (const io::PointCacheError& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent-folder/x.pc2"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace dynskin::test
