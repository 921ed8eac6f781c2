#include "app/herd.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "dynskin/deformer.h"

namespace dynskin::app {

Herd::Herd(int count, const Character& character, unsigned seed) {
    // Instances turn about +Y through the origin: what each covers is the posed character's
    // reach from that axis.
    glm::vec3 lo(INFINITY), hi(-INFINITY);
    float reach = 1e-3f;
    for (const glm::vec3& p : rest_pose_positions(character.skeleton, character.mesh)) {
        lo = glm::min(lo, p), hi = glm::max(hi, p);
        reach = std::max(reach, glm::length(glm::vec2(p.x, p.z)));
    }
    const float spacing = 2.3f * reach;
    const int side = std::max(1, static_cast<int>(std::ceil(std::sqrt(double(count)))));
    const float duration = character.clips.empty() ? 0.0f : character.clips[0].duration;
    loop_ticks_ = std::max(1, static_cast<int>(std::lround(duration * kTicksPerSecond)));

    std::mt19937 random(seed);
    std::uniform_real_distribution<float> turn(0.0f, 2.0f * float(M_PI));
    std::uniform_int_distribution<int> phase(0, loop_ticks_ - 1);
    const float half = 0.5f * spacing * float(side - 1);
    for (int i = 0; i < count; ++i) {
        const glm::vec3 at(spacing * float(i % side) - half, 0.0f, spacing * float(i / side) - half);
        placements_.emplace_back(at, turn(random));
        phase_ticks_.push_back(phase(random));
    }
    rows_.resize(count);
    lo_ = glm::vec3(-half - reach, lo.y, -half - reach);
    hi_ = glm::vec3(half + reach, hi.y, half + reach);
}

void Herd::prepare(const Character& character, const DynamicSettings& settings, gl::SceneRenderer& renderer) {
    if (prepared_settings_ && *prepared_settings_ == settings) return;
    prepared_settings_ = settings;

    Deformer deformer(character);
    const PoseSampler motion = character.clips.empty()
                                   ? PoseSampler([&](double, Pose& pose) { pose.local = character.skeleton.rest; })
                                   : clip_sampler(character.skeleton, character.clips[0], true);
    // Enough loops first that the kernel has forgotten the start (it reaches back at most
    // the history's length), then one loop recorded.
    const int warm_loops = (kHistoryTicks + loop_ticks_ - 1) / loop_ticks_;
    const std::size_t joints = static_cast<std::size_t>(deformer.joint_count());
    std::vector<JointRow> rows(static_cast<std::size_t>(loop_ticks_) * joints);
    for (int n = 0; n < (warm_loops + 1) * loop_ticks_; ++n) {
        deformer.update_joints(tick_time(n), motion, settings);
        const int recorded = n - warm_loops * loop_ticks_;
        if (recorded >= 0) deformer.write_joint_rows(rows.data() + std::size_t(recorded) * joints);
    }
    renderer.set_herd_rows(rows, deformer.skinning_constants(settings.parameters));
}

void Herd::update(double world_time, gl::SceneRenderer& renderer) {
    const long long tick = static_cast<long long>(std::floor(world_time * kTicksPerSecond));
    for (std::size_t i = 0; i < rows_.size(); ++i)
        rows_[i] = static_cast<int>(((tick + phase_ticks_[i]) % loop_ticks_ + loop_ticks_) % loop_ticks_);
    renderer.set_herd_instances(placements_, rows_);
}

}  // namespace dynskin::app
