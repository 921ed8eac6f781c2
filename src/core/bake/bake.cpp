#include "dynskin/bake.h"

#include <algorithm>
#include <cmath>

#include "dynskin/bind_space_offsets.h"
#include "dynskin/linear_blend_skinning.h"
#include "dynskin/measurement_clock.h"
#include "dynskin/oscillation_kernel.h"

namespace dynskin {

FrameBaker::FrameBaker(const Character& character, BakeRequest request)
    : character_(character), request_(std::move(request)), deformer_(character) {
    if (!request_.clip) throw BakeError("a bake needs a clip");
    try {
        schedule_ = plan_bake_schedule(request_.clip->duration, request_.fps, request_.loop, request_.tail);
    } catch (const BakeScheduleError& e) {
        throw BakeError(e.what());
    }
    if (schedule_.frame_count > request_.max_frames)
        throw BakeError(std::to_string(schedule_.frame_count) + " frames is more than the " +
                        std::to_string(request_.max_frames) + " a bake allows (each frame is a morph target): lower the frame rate");
    sampler_ = clip_sampler(character_.skeleton, *request_.clip, request_.loop);
    result_.name = request_.clip->name;
    result_.size = deformer_.size();
    if (schedule_.loop) {
        const double period = schedule_.period;
        max_periods_ = std::max(2, static_cast<int>(std::ceil(kMaxSettleSeconds / period)) + 1);
        // What the longest kernel needs to die out, for the progress bar's sake.
        float tau = request_.settings.parameters.oscillation.damping;
        for (const JointSettings& joint : request_.settings.joints)
            if (joint.override_oscillation) tau = std::max(tau, joint.oscillation.damping);
        const double settle = -tau * std::log(kKernelEpsilon) + 2.0 * kTickSeconds;
        expected_periods_ = std::min(max_periods_, static_cast<int>(std::ceil(settle / period)) + 2);
        positions_.resize(static_cast<std::size_t>(schedule_.frame_count - 1));
        result_.frames.resize(positions_.size());
    } else {
        result_.frames.reserve(static_cast<std::size_t>(schedule_.frame_count));
    }
}

BakedFrame FrameBaker::frame_at(double t) {
    deformer_.update(t, sampler_, request_.settings);
    skinning_matrices(deformer_.globals(), character_.mesh.inverse_binds, skinning_);
    BakedFrame frame;
    frame.locals = deformer_.pose().local;
    bind_space_offsets(character_.mesh, skinning_, deformer_.positions(), deformer_.normals(), frame.position_offsets,
                       request_.normals ? &frame.normal_offsets : nullptr);
    if (request_.positions) frame.positions = deformer_.positions();
    return frame;
}

void FrameBaker::step() {
    if (done_) return;
    if (!schedule_.loop) {
        result_.frames.push_back(frame_at(schedule_.frame_time(next_)));
        done_ = ++next_ == schedule_.frame_count;
        if (done_) result_.schedule = schedule_;
        return;
    }
    const double t = period_ * schedule_.period + schedule_.file_time(next_);
    result_.frames[static_cast<std::size_t>(next_)] = frame_at(t);
    positions_[static_cast<std::size_t>(next_)] = deformer_.positions();
    if (++next_ == static_cast<int>(positions_.size())) finish_period();
}

void FrameBaker::finish_period() {
    next_ = 0;
    if (period_ > 0) {
        double largest = 0.0;
        for (std::size_t k = 0; k < positions_.size(); ++k)
            for (std::size_t i = 0; i < positions_[k].size(); ++i)
                largest = std::max(largest, static_cast<double>(glm::length(positions_[k][i] - previous_positions_[k][i])));
        result_.loop_residual = largest / result_.size;
        result_.settled = result_.loop_residual <= kLoopTolerance;
        if (result_.settled || period_ + 1 >= max_periods_) {
            // This period is the one: close it with the state one period later.
            schedule_.start_time = period_ * schedule_.period;
            result_.settle_periods = period_;
            result_.frames.push_back(frame_at(schedule_.start_time + schedule_.period));
            result_.schedule = schedule_;
            done_ = true;
            return;
        }
    }
    std::swap(positions_, previous_positions_);
    positions_.resize(previous_positions_.size());
    ++period_;
}

double FrameBaker::progress() const {
    if (done_) return 1.0;
    if (!schedule_.loop) return static_cast<double>(next_) / schedule_.frame_count;
    const double frames = static_cast<double>(positions_.size());
    const double done = period_ * frames + next_;
    return std::min(0.99, done / (std::max(expected_periods_, period_ + 1) * frames));
}

std::string FrameBaker::stage() const {
    if (done_) return "done";
    if (!schedule_.loop)
        return "frame " + std::to_string(next_ + 1) + "/" + std::to_string(schedule_.frame_count);
    return "loop period " + std::to_string(period_ + 1) + ", frame " + std::to_string(next_ + 1) + "/" +
           std::to_string(positions_.size());
}

BakedAnimation FrameBaker::take() {
    if (!done_) throw BakeError("the bake is not finished");
    return std::move(result_);
}

BakedAnimation bake_frames(const Character& character, const BakeRequest& request) {
    FrameBaker baker(character, request);
    while (!baker.done()) baker.step();
    return baker.take();
}

}  // namespace dynskin
