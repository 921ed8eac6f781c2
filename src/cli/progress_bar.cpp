#include "cli/progress_bar.h"

#include <algorithm>
#include <cstdio>

#include <unistd.h>

namespace dynskin::cli {

ProgressBar::ProgressBar(std::string label)
    : label_(std::move(label)), enabled_(isatty(STDERR_FILENO) == 1), last_(std::chrono::steady_clock::now()) {}

ProgressBar::~ProgressBar() {
    if (drawn_) std::fputc('\n', stderr);
}

void ProgressBar::update(double fraction, const std::string& detail) {
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    if (fraction < 1.0 && drawn_ && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    constexpr int width = 30;
    const double f = std::clamp(fraction, 0.0, 1.0);
    const int filled = static_cast<int>(f * width);
    std::string bar(static_cast<std::size_t>(filled), '#');
    bar.resize(width, '.');
    // \033[K clears what a longer previous line left.
    std::fprintf(stderr, "\r%s [%s] %3d%% %s\033[K", label_.c_str(), bar.c_str(), static_cast<int>(f * 100.0),
                 detail.c_str());
    std::fflush(stderr);
    drawn_ = true;
}

}  // namespace dynskin::cli
