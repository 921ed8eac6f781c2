// Files handed to the viewer together (dropped, or picked in the browser): which one opens;
// and the store-only zip the browser downloads recorded frames in (compiled here too, being
// plain C++), checked against known CRC-32 values and zip's layout.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "app/files/file_requests.h"
#include "app/web/store_zip.h"

namespace dynskin::app {
namespace {

TEST(CharacterFileAmong, OpensTheGltfAmongItsBuffersAndImages) {
    EXPECT_EQ(character_file_among({"/d/fox.bin", "/d/skin.png", "/d/fox.gltf"}), "/d/fox.gltf");
    EXPECT_EQ(character_file_among({"/d/a.txt", "/d/B.GLB"}), "/d/B.GLB");
    EXPECT_EQ(character_file_among({"/d/first.glb", "/d/second.gltf"}), "/d/first.glb");
}

TEST(CharacterFileAmong, WithoutAGltfTheFirstFileSaysWhatIsWrong) {
    EXPECT_EQ(character_file_among({"/d/notes.txt", "/d/skin.png"}), "/d/notes.txt");
    EXPECT_EQ(character_file_among({}), "");
}

std::uint32_t read32(const std::vector<std::uint8_t>& b, std::size_t at) {
    return b[at] | b[at + 1] << 8 | b[at + 2] << 16 | std::uint32_t(b[at + 3]) << 24;
}

TEST(StoreZip, Crc32MatchesTheStandardCheckValues) {
    const std::string check = "123456789";
    EXPECT_EQ(web::crc32(reinterpret_cast<const std::uint8_t*>(check.data()), check.size()), 0xCBF43926u);
    EXPECT_EQ(web::crc32(nullptr, 0), 0u);
}

TEST(StoreZip, StoresEntriesWithTheirDirectory) {
    const std::vector<std::uint8_t> a = {'a', 'b', 'c'}, b = {};
    const std::vector<std::uint8_t> zip = web::store_zip({{"one.txt", a}, {"two.bin", b}});
    // Local header (30 + name) and data per entry, a 46 + name record each, and the 22-byte end.
    const std::size_t locals = 30 + 7 + 3 + 30 + 7, directory = 2 * (46 + 7);
    ASSERT_EQ(zip.size(), locals + directory + 22);
    EXPECT_EQ(read32(zip, 0), 0x04034B50u);
    EXPECT_EQ(zip[8], 0) << "stored";
    EXPECT_EQ(read32(zip, 14), 0x352441C2u) << "CRC-32 of abc";
    EXPECT_EQ(read32(zip, 18), 3u);
    EXPECT_EQ(std::string(zip.begin() + 30, zip.begin() + 37), "one.txt");
    EXPECT_EQ(std::string(zip.begin() + 37, zip.begin() + 40), "abc");
    EXPECT_EQ(read32(zip, 40), 0x04034B50u) << "the second entry follows";
    const std::size_t end = zip.size() - 22;
    EXPECT_EQ(read32(zip, end), 0x06054B50u);
    EXPECT_EQ(zip[end + 10], 2) << "two entries";
    EXPECT_EQ(read32(zip, end + 12), directory);
    EXPECT_EQ(read32(zip, end + 16), locals);
    EXPECT_EQ(read32(zip, locals), 0x02014B50u);
    EXPECT_EQ(read32(zip, locals + 53 + 42), 40u) << "the second record points at the second local header";
}

TEST(StoreZip, AnEmptyArchiveIsItsEndRecord) {
    const std::vector<std::uint8_t> zip = web::store_zip({});
    ASSERT_EQ(zip.size(), 22u);
    EXPECT_EQ(read32(zip, 0), 0x06054B50u);
}

}  // namespace
}  // namespace dynskin::app
