// The texel tables the GPU path reads (gl/texel_table.h): spans written at any index land at
// (i mod width, i / width), across row ends, and leave the texels around them alone. Runs in
// the GL suite's context (gpu_skinning_test.cpp); reads back with desktop GL's glGetTexImage.

#include <gtest/gtest.h>

#include <vector>

#include "gl/texel_table.h"

namespace dynskin::gl {
namespace {

std::vector<float> read_back(const TexelTable& table, int components) {
    std::vector<float> texels(table.capacity() * std::size_t(components), -1.0f);
    table.bind(0);
    glGetTexImage(GL_TEXTURE_2D, 0, components == 2 ? GL_RG : GL_RGBA, GL_FLOAT, texels.data());
    glBindTexture(GL_TEXTURE_2D, 0);
    check_errors("reading a texel table back");
    return texels;
}

TEST(TexelTable, SpansLandAtTheirIndexAcrossRowEnds) {
    const std::size_t width = kTexelTableWidth;
    for (const int components : {2, 4}) {
        TexelTable table = TexelTable::create(components);
        const std::size_t count = 3 * width + 17;  // four rows, the last one partial
        table.reserve(count);
        ASSERT_EQ(table.capacity(), 4 * width);
        std::vector<float> expected(table.capacity() * components, 0.0f);
        table.write(0, table.capacity(), expected.data());
        // A partial first row, a whole row and a partial last row; then a span inside one row.
        for (const auto& [first, n] : {std::pair<std::size_t, std::size_t>{width - 5, width + 9},
                                       std::pair<std::size_t, std::size_t>{3 * width + 2, 7}}) {
            std::vector<float> span(n * components);
            for (std::size_t k = 0; k < span.size(); ++k) span[k] = float(first * components + k) + 0.5f;
            table.write(first, n, span.data());
            std::copy(span.begin(), span.end(), expected.begin() + std::ptrdiff_t(first * components));
        }
        check_errors("writing a texel table");
        EXPECT_EQ(read_back(table, components), expected) << components << " components";
        EXPECT_THROW(table.write(table.capacity() - 1, 2, expected.data()), GlError);
    }
}

TEST(TexelTable, GrowsOnlyWhenAskedForMore) {
    TexelTable table = TexelTable::create(4);
    table.reserve(0);
    EXPECT_EQ(table.capacity(), std::size_t(kTexelTableWidth));  // one row at least
    const std::vector<float> ones(4 * kTexelTableWidth, 1.0f);
    table.write(0, kTexelTableWidth, ones.data());
    table.reserve(10);  // fits: kept, contents too
    EXPECT_EQ(read_back(table, 4), ones);
    table.reserve(kTexelTableWidth + 1);
    EXPECT_EQ(table.capacity(), 2 * std::size_t(kTexelTableWidth));
}

}  // namespace
}  // namespace dynskin::gl
