#pragma once
// A one-line progress bar on stderr for long commands, redrawn in place. Drawn only when
// stderr is a terminal, so that logs and tests that read stderr see no control characters.

#include <chrono>
#include <string>

namespace dynskin::cli {

class ProgressBar {
public:
    explicit ProgressBar(std::string label);
    ~ProgressBar();  // ends the line if one was drawn

    // fraction in [0, 1]; redraws at most ten times a second (and always at 1).
    void update(double fraction, const std::string& detail = "");

private:
    std::string label_;
    bool enabled_;
    bool drawn_ = false;
    std::chrono::steady_clock::time_point last_;
};

}  // namespace dynskin::cli
