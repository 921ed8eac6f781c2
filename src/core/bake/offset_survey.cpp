#include "dynskin/offset_survey.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "dynskin/deformer.h"
#include "dynskin/measurement_clock.h"

namespace dynskin {

namespace {

// Deforms every tick from time 0 to duration, as the viewer and the bake do, handing each
// tick's time and deformer to `tick`.
template <class OnTick>
void play(const Character& character, const PoseSampler& sampler, const DynamicSettings& settings, double duration,
          const OnTick& on_tick) {
    Deformer deformer(character);
    const Tick last = first_tick_at_or_after(std::max(duration, 0.0));
    for (Tick n = 0; n <= last; ++n) {
        deformer.update(tick_time(n), sampler, settings);
        on_tick(tick_time(n), deformer);
    }
}

// The largest offset / L and the largest 95th percentile of a tick's offsets / L.
struct Spread {
    float largest = 0.0f, percentile95 = 0.0f;
};

Spread spread_of(const Character& character, const PoseSampler& sampler, const DynamicSettings& settings, double duration) {
    Spread spread;
    std::vector<float> offsets;
    float size = 1.0f;
    play(character, sampler, settings, duration, [&](double, const Deformer& deformer) {
        const std::vector<glm::vec3>& final_positions = deformer.positions();
        const std::vector<glm::vec3>& base = deformer.base_positions();
        size = deformer.size();
        offsets.resize(final_positions.size());
        for (std::size_t i = 0; i < offsets.size(); ++i) offsets[i] = glm::length(final_positions[i] - base[i]);
        if (offsets.empty()) return;
        const auto tail = offsets.begin() + static_cast<std::ptrdiff_t>(offsets.size() * 95 / 100);
        std::nth_element(offsets.begin(), tail, offsets.end());
        spread.percentile95 = std::max(spread.percentile95, *tail);
        spread.largest = std::max(spread.largest, *std::max_element(tail, offsets.end()));
    });
    spread.largest /= size;
    spread.percentile95 /= size;
    return spread;
}

}  // namespace

DynamicSettings scaled_strength(DynamicSettings settings, float scale) {
    DynamicParameters& p = settings.parameters;
    p.oscillation.amplitude *= scale;
    p.oscillation.drag *= scale;
    p.translation_gain *= scale;
    for (JointSettings& joint : settings.joints) {
        joint.oscillation.amplitude *= scale;
        joint.oscillation.drag *= scale;
    }
    return settings;
}

ClipSizing size_dynamics_to_clip(const Character& character, const AnimationClip& clip, const DynamicSettings& base) {
    const PoseSampler sampler = clip_sampler(character.skeleton, clip, true);
    const double seconds = std::clamp(static_cast<double>(clip.duration), 3.0, kSizingSeconds);
    // The offsets grow about in proportion to the scale, less so where the soft limits bend
    // them: a few corrections of the scale by the ratio still missing converge.
    constexpr int kPasses = 4;
    ClipSizing sizing;
    for (int pass = 0; pass < kPasses; ++pass) {
        const Spread spread = spread_of(character, sampler, scaled_strength(base, sizing.scale), seconds);
        sizing.largest = spread.largest;
        sizing.spread = spread.percentile95;
        sizing.moves = spread.largest > 1e-5f;
        if (!sizing.moves) return ClipSizing{};
        float correction = kSizedLargest / spread.largest;
        if (spread.percentile95 > 0.0f) correction = std::min(correction, kSizedSpread / spread.percentile95);
        const float next = std::clamp(sizing.scale * correction, kSizedScaleMin, kSizedScaleMax);
        // Close enough, or no survey left: the scale returned is one that was surveyed.
        if (std::abs(next / sizing.scale - 1.0f) < 0.1f || pass == kPasses - 1) break;
        sizing.scale = next;
    }
    return sizing;
}

OffsetSurvey survey_offsets(const Character& character, const PoseSampler& sampler, const DynamicSettings& settings,
                            double duration) {
    // The ground is the lowest base position of the whole survey: a first pass finds it.
    float ground = INFINITY;
    play(character, sampler, settings, duration, [&](double, const Deformer& deformer) {
        for (const glm::vec3& p : deformer.base_positions()) ground = std::min(ground, p.y);
    });
    OffsetSurvey survey;
    double sum_of_largest = 0.0;
    play(character, sampler, settings, duration, [&](double t, const Deformer& deformer) {
        const std::vector<glm::vec3>& base = deformer.base_positions();
        const std::vector<glm::vec3>& final_positions = deformer.positions();
        const float size = deformer.size();
        const float on_the_ground = ground + kGroundBand * size;
        float tick_largest = 0.0f, grounded = 0.0f;
        std::size_t tick_vertex = 0, far = 0;
        for (std::size_t i = 0; i < final_positions.size(); ++i) {
            const float offset = glm::length(final_positions[i] - base[i]);
            if (offset > tick_largest) tick_largest = offset, tick_vertex = i;
            if (offset > kFarOffset * size) ++far;
            if (base[i].y <= on_the_ground) grounded = std::max(grounded, offset);
        }
        tick_largest /= size;
        sum_of_largest += tick_largest;
        if (tick_largest > survey.largest) {
            survey.largest = tick_largest;
            survey.largest_time = t;
            survey.largest_vertex = tick_vertex;
        }
        const float far_share = final_positions.empty() ? 0.0f : float(far) / float(final_positions.size());
        if (far_share > survey.far_share) survey.far_share = far_share, survey.far_share_time = t;
        if (grounded / size > survey.grounded_largest) survey.grounded_largest = grounded / size, survey.grounded_largest_time = t;
        ++survey.ticks;
    });
    survey.typical = survey.ticks ? static_cast<float>(sum_of_largest / static_cast<double>(survey.ticks)) : 0.0f;
    return survey;
}

}  // namespace dynskin
