#include "dynskin/offset_survey.h"

#include <algorithm>
#include <cmath>

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

}  // namespace

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
