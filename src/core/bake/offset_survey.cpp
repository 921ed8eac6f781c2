#include "dynskin/offset_survey.h"

#include <algorithm>

#include "dynskin/deformer.h"
#include "dynskin/measurement_clock.h"

namespace dynskin {

OffsetSurvey survey_offsets(const Character& character, const PoseSampler& sampler, const DynamicSettings& settings,
                            double duration) {
    Deformer deformer(character);
    OffsetSurvey survey;
    double sum_of_largest = 0.0;
    const Tick last = first_tick_at_or_after(std::max(duration, 0.0));
    for (Tick n = 0; n <= last; ++n) {
        deformer.update(tick_time(n), sampler, settings);
        const std::vector<glm::vec3>& base = deformer.base_positions();
        const std::vector<glm::vec3>& final_positions = deformer.positions();
        float tick_largest = 0.0f;
        std::size_t tick_vertex = 0;
        for (std::size_t i = 0; i < final_positions.size(); ++i) {
            const float offset = glm::length(final_positions[i] - base[i]);
            if (offset > tick_largest) tick_largest = offset, tick_vertex = i;
        }
        tick_largest /= deformer.size();
        sum_of_largest += tick_largest;
        if (tick_largest > survey.largest) {
            survey.largest = tick_largest;
            survey.largest_time = tick_time(n);
            survey.largest_vertex = tick_vertex;
        }
        ++survey.ticks;
    }
    survey.typical = static_cast<float>(sum_of_largest / static_cast<double>(survey.ticks));
    return survey;
}

}  // namespace dynskin
