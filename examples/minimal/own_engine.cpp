// dynskin in an engine of your own: the rest mesh, the weights and the skeleton come from
// your arrays, your animation poses the joints each frame, and dynskin adds the secondary
// motion. Here a strip of skin on two bones; the root swings by 30 degrees in half a second
// and stops; the skin overshoots, wobbles and settles.
#include <cstdio>
#include <exception>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "dynskin/deformer.h"

int main() {
    try {
        dynskin::Character strip;  // the skeleton: parent before child, parent-local rest transforms
        strip.skeleton.add_joint("root", -1, dynskin::Trs{});
        dynskin::Trs elbow;
        elbow.translation = glm::vec3(1, 0, 0);
        strip.skeleton.add_joint("tip", 0, elbow);

        dynskin::SkinnedMesh& skin = strip.mesh;  // two rows of vertices along x, 0 to 2
        for (int i = 0; i <= 40; ++i) {
            const float x = 0.05f * float(i), w = glm::clamp(x - 0.5f, 0.0f, 1.0f);
            skin.rest_positions.push_back({x, 0.0f, float(i % 2) * 0.1f});
            skin.rest_normals.push_back({0, 1, 0});
            skin.weights.add_vertex({{0u, 1.0f - w}, {1u, w}});  // weights summing to 1
            if (i >= 2) skin.triangles.insert(skin.triangles.end(), {std::uint32_t(i - 2), std::uint32_t(i - 1), std::uint32_t(i)});
        }
        skin.inverse_binds = {glm::mat4(1.0f), glm::inverse(elbow.to_matrix())};  // bound at rest
        skin.bend_weights.assign(skin.rest_positions.size(), 1.0f);  // how soft each vertex is

        dynskin::Deformer deformer(strip);  // throws std::invalid_argument naming what is wrong
        const dynskin::DynamicSettings settings;
        float peak = 0.0f, last = 0.0f;
        for (int frame = 0; frame <= 150; ++frame) {  // 2.5 s at 60 fps (any rate works)
            const double t = frame / 60.0;
            std::vector<dynskin::Trs> pose = {dynskin::Trs{}, elbow};  // your animation, parent-local
            pose[0].rotation = glm::angleAxis(glm::radians(30.0f) * float(glm::min(t / 0.5, 1.0)), glm::vec3(0, 0, 1));
            deformer.update(t, pose, settings);
            const std::size_t tip = skin.rest_positions.size() - 1;  // offset of the tip from plain LBS
            last = glm::distance(deformer.positions()[tip], deformer.base_positions()[tip]) / deformer.size();
            if (t > 0.5) peak = glm::max(peak, last);
        }
        std::printf("ok: wobble after the stop %.4f L, at the end %.6f L\n", peak, last);
        return peak > 0.01f && last < 0.1f * peak ? 0 : 1;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "%s\n", error.what());
        return 1;
    }
}
