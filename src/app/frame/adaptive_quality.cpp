#include "app/frame/adaptive_quality.h"

#include <algorithm>
#include <stdexcept>

namespace dynskin::app {
namespace {

constexpr double kWindowSeconds = 1.0;
constexpr double kLongestRaiseWait = 32.0;

}  // namespace

RenderQuality render_quality(QualityLevel level) {
    switch (level) {
        case QualityLevel::High: return {4, 1.0f};
        case QualityLevel::Medium: return {1, 1.0f};  // no MSAA: no resolve copy either
        case QualityLevel::Low: return {1, 0.75f};
        case QualityLevel::Lowest: return {1, 0.5f};  // a quarter of the pixels
    }
    return {};
}

const char* quality_name(QualityLevel level) {
    switch (level) {
        case QualityLevel::High: return "high";
        case QualityLevel::Medium: return "medium";
        case QualityLevel::Low: return "low";
        case QualityLevel::Lowest: return "lowest";
    }
    return "";
}

std::optional<QualityLevel> parse_quality(const std::string& name) {
    if (name == "auto") return std::nullopt;
    for (QualityLevel level : {QualityLevel::High, QualityLevel::Medium, QualityLevel::Low, QualityLevel::Lowest})
        if (name == quality_name(level)) return level;
    throw std::invalid_argument("unknown quality '" + name + "' (auto, high, medium, low or lowest)");
}

void AdaptiveQuality::start(bool software_renderer, std::optional<QualityLevel> pinned) {
    *this = AdaptiveQuality();
    software_ = software_renderer;
    automatic_ = !pinned;
    // A software renderer's pixels cost most: no MSAA to begin with.
    level_ = pinned ? *pinned : highest_automatic();
}

void AdaptiveQuality::pin(std::optional<QualityLevel> level) {
    automatic_ = !level;
    if (level) level_ = *level;
    short_seconds_ = fast_seconds_ = 0.0;
    short_frames_ = 0;
}

void AdaptiveQuality::change_to(QualityLevel level) {
    level_ = level;
    // The next window starts after the change (its first frames remake the targets).
    short_seconds_ = fast_seconds_ = 0.0;
    short_frames_ = 0;
}

void AdaptiveQuality::observe(double frame_seconds) {
    if (!(frame_seconds > 0.0)) return;  // no time passed (or not a number): nothing learnt
    time_ += frame_seconds;
    if (!automatic_) return;
    short_seconds_ += frame_seconds;
    ++short_frames_;
    if (short_seconds_ < kWindowSeconds) return;
    const double fps = short_frames_ / short_seconds_;
    const double window = short_seconds_;
    short_seconds_ = 0.0;
    short_frames_ = 0;
    const bool on_trial = time_ - last_raise_ < kRetreatSeconds;  // the last step up
    if (fps < kSlowFps || (on_trial && fps < kKeepFps)) {
        fast_seconds_ = 0.0;
        if (level_ == QualityLevel::Lowest) return;
        // A step up undone: wait twice as long before the next one.
        if (on_trial) raise_after_ = std::min(2.0 * raise_after_, kLongestRaiseWait);
        last_raise_ = -1e9;  // the level below is not on trial
        change_to(static_cast<QualityLevel>(static_cast<int>(level_) - 1));
        return;
    }
    fast_seconds_ = fps >= kFastFps ? fast_seconds_ + window : 0.0;
    if (fast_seconds_ >= raise_after_ && level_ < highest_automatic()) {
        change_to(static_cast<QualityLevel>(static_cast<int>(level_) + 1));
        last_raise_ = time_;
    }
}

}  // namespace dynskin::app
