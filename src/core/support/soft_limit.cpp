#include "core/support/soft_limit.h"

#include <cmath>

namespace dynskin {

LimitedAngle soft_limit(float angle, float max_angle) {
    const float knee = 0.5f * max_angle;
    if (!(max_angle > 0.0f) || !std::isfinite(max_angle) || !(std::abs(angle) > knee)) return {angle, 1.0f};
    const float th = std::tanh((std::abs(angle) - knee) / knee);
    return {std::copysign(knee + knee * th, angle), 1.0f - th * th};
}

}  // namespace dynskin
