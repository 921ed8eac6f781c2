#include "app/export/bake_job.h"

#include <chrono>
#include <stdexcept>

#include "dynskin/gltf_bake_writer.h"

namespace dynskin::app {

BakeJob::BakeJob(const io::LoadedCharacter& loaded, int clip, const DynamicSettings& settings, double fps, bool loop,
                 double tail, std::string output_path)
    : loaded_(std::make_unique<io::LoadedCharacter>(loaded)), settings_(settings), output_path_(std::move(output_path)) {
    const std::vector<AnimationClip>& clips = loaded_->character.clips;
    if (clip < 0 || clip >= static_cast<int>(clips.size())) throw BakeError("choose a clip to bake");
    if (output_path_.empty()) throw BakeError("choose a file to write");
    BakeRequest request;
    request.clip = &clips[static_cast<std::size_t>(clip)];
    request.settings = settings;
    request.fps = fps;
    request.loop = loop;
    request.tail = tail;
    baker_ = std::make_unique<FrameBaker>(loaded_->character, request);
}

void BakeJob::run_for(double budget_ms) {
    if (written_) return;
    const auto start = std::chrono::steady_clock::now();
    const auto spent = [&] { return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count(); };
    while (!baker_->done() && spent() < budget_ms) baker_->step();
    if (!baker_->done()) return;
    io::BakedLook look;
    look.settings = settings_;
    look.display = &loaded_->look;
    try {
        io::save_baked_glb(output_path_, loaded_->character, baker_->take(), look);
    } catch (const io::CharacterWriteError& e) {
        written_ = true;  // nothing more to do, whatever happened
        throw std::runtime_error(e.what());
    }
    written_ = true;
}

}  // namespace dynskin::app
