// The joint level allocates nothing from one frame to the next (after its first frames, with
// settings that do not change): a Deformer's update_joints, a JointDynamics and a
// JointLevelJob over many instances, at frame rates on the ticks and between them, and on a
// thread that never ran it before (an executor's worker may get its first instance late).
// Counted by replacing the global operator new in this test program alone.

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>
#include <thread>
#include <vector>

#include "dynskin/deformer.h"
#include "dynskin/executor.h"
#include "dynskin/gltf_loader.h"
#include "dynskin/joint_level.h"
#include "dynskin/pose_sampler.h"

namespace {
std::atomic<long> allocations{0};
}  // namespace

void* operator new(std::size_t size) {
    allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(size ? size : 1)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace dynskin {
namespace {

io::LoadedCharacter bundled(const std::string& name) {
    return io::load_gltf(std::string(DYNSKIN_SOURCE_DIR) + "/assets/" + name + ".glb");
}

// Runs every range on the calling thread.
class CallingThreadExecutor final : public Executor {
public:
    int thread_count() const override { return 1; }
    void run(std::size_t count, std::size_t chunk, RangeTask task) override { run_on_calling_thread(count, chunk, task); }
};
CallingThreadExecutor run_on_this_thread;

// Allocations made by `frame(n)` for n in [from, to).
template <class Frame>
long allocations_over(int from, int to, const Frame& frame) {
    const long before = allocations.load();
    for (int n = from; n < to; ++n) frame(n);
    return allocations.load() - before;
}

TEST(Allocation, TheJointLevelAllocatesNothingFromFrameToFrame) {
    for (const std::string name : {"cow", "dragon"}) {
        const io::LoadedCharacter loaded = bundled(name);
        const Character& c = loaded.character;
        DynamicSettings settings = loaded.settings.value_or(DynamicSettings{});
        settings.parameters.squash = 0.2f;
        settings.parameters.propagation_speed = 2.0f;
        const PoseSampler clip = clip_sampler(c.skeleton, c.clips.front(), true);
        std::vector<JointRow> rows(std::size_t(c.skeleton.joint_count()));
        for (const double fps : {60.0, 47.0}) {
            Deformer deformer(c);
            const auto deformer_frame = [&](int n) {
                deformer.update_joints(n / fps, clip, settings);
                deformer.write_joint_rows(rows.data());
            };
            allocations_over(0, 60, deformer_frame);
            EXPECT_EQ(allocations_over(60, 240, deformer_frame), 0) << name << " Deformer at " << fps << " fps";

            const JointRig rig(c);
            std::vector<JointDynamics> instances;
            for (int k = 0; k < 12; ++k) instances.emplace_back(rig);
            std::vector<JointRow> table(instances.size() * rows.size());
            std::vector<JointLevelJob::Item> items(instances.size());
            for (std::size_t k = 0; k < items.size(); ++k)
                items[k] = {&instances[k], 0.0, &clip, &settings, table.data() + k * rows.size()};
            const auto job_frame = [&](int n) {
                for (JointLevelJob::Item& item : items) item.t = n / fps;
                JointLevelJob(items).run();
            };
            allocations_over(0, 60, job_frame);
            EXPECT_EQ(allocations_over(60, 240, job_frame), 0) << name << " JointLevelJob at " << fps << " fps";

            // The thread is made before counting; the main thread waits in join meanwhile.
            long on_a_new_thread = -1;
            std::thread fresh([&] {
                on_a_new_thread = allocations_over(240, 300, [&](int n) {
                    for (JointLevelJob::Item& item : items) item.t = n / fps;
                    JointLevelJob(items).run(run_on_this_thread);
                });
            });
            fresh.join();
            EXPECT_EQ(on_a_new_thread, 0) << name << " JointLevelJob on a thread new to it at " << fps << " fps";
        }
    }
}

}  // namespace
}  // namespace dynskin
