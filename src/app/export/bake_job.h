#pragma once
// A bake started from the viewer: a copy of the character as it is now (so painting or
// loading another file does not disturb it), stepped a little every frame so the window stays
// alive, cancellable, and written to its file once done.

#include <memory>
#include <string>

#include "dynskin/bake.h"
#include "dynskin/gltf_loader.h"

namespace dynskin::app {

class BakeJob {
public:
    // Throws BakeError (a bad frame rate, too many frames).
    BakeJob(const io::LoadedCharacter& loaded, int clip, const DynamicSettings& settings, double fps, bool loop,
            double tail, std::string output_path);

    // Steps the bake for about budget_ms, then writes the file once every frame is done.
    // Throws std::runtime_error when the file cannot be written.
    void run_for(double budget_ms);

    bool finished() const { return written_; }
    double progress() const { return baker_->progress(); }
    std::string stage() const { return baker_->stage(); }
    const std::string& output_path() const { return output_path_; }
    int frame_count() const { return baker_->schedule().frame_count; }

private:
    std::unique_ptr<io::LoadedCharacter> loaded_;  // the copy the baker reads
    std::unique_ptr<FrameBaker> baker_;
    DynamicSettings settings_;
    std::string output_path_;
    bool written_ = false;
};

}  // namespace dynskin::app
