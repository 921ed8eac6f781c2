// fast_sincos (core/fast/fast_sincos.h), the fast path's sine and cosine, against std::sin/cos:
// the full-range version and the short polynomials for small angles.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <utility>
#include <vector>

#include "core/fast/fast_sincos.h"

namespace dynskin {
namespace {

TEST(FastSinCos, WithinOneMillionthOfStdOverTheWholeRange) {
    std::vector<float> angles;
    for (int k = -200000; k <= 200000; ++k) angles.push_back(float(k) * 5e-5f);  // [-10, 10], fine
    std::mt19937 random(3);
    std::uniform_real_distribution<float> wide(-1e4f, 1e4f);
    for (int k = 0; k < 100000; ++k) angles.push_back(wide(random));
    angles.insert(angles.end(), {0.0f, -0.0f, 1e-30f, float(M_PI_2), float(M_PI), -float(M_PI)});
    std::vector<float> s(angles.size()), c(angles.size());
    fast_sincos(angles.data(), s.data(), c.data(), angles.size());
    double worst = 0.0;
    for (std::size_t i = 0; i < angles.size(); ++i) {
        worst = std::max(worst, std::abs(s[i] - std::sin(double(angles[i]))));
        worst = std::max(worst, std::abs(c[i] - std::cos(double(angles[i]))));
    }
    EXPECT_LT(worst, 1e-6);
}

// The short polynomials for small angles, each over its whole range, against std::sin/cos
// (dLBS picks them when its table's angles allow; the bend's sine is the small one).
TEST(FastSinCos, ShortPolynomialsWithinTheirRanges) {
    for (const auto& [range, limit] : {std::pair{SinCosRange::kSmall, float(kSmallAngle)}, {SinCosRange::kTiny, float(kTinyAngle)}}) {
        std::vector<float> angles;
        for (int k = -100000; k <= 100000; ++k) angles.push_back(limit * float(k) * 1e-5f);
        std::vector<float> s(angles.size()), c(angles.size());
        fast_sincos(angles.data(), s.data(), c.data(), angles.size(), range);
        double worst = 0.0;
        for (std::size_t i = 0; i < angles.size(); ++i) {
            worst = std::max(worst, std::abs(s[i] - std::sin(double(angles[i]))));
            worst = std::max(worst, std::abs(c[i] - std::cos(double(angles[i]))));
        }
        EXPECT_LT(worst, 2e-7) << "up to " << limit;  // a few float roundings: the polynomials' own error is below
    }
}

}  // namespace
}  // namespace dynskin
