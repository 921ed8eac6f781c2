#include "morph_rigs.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

namespace dynskin::test {
namespace {

int add_sampler(GltfWriter& w, nlohmann::json& animation, const std::vector<float>& times,
                const std::vector<float>& values, const std::string& type, const std::string& interpolation) {
    const int input = w.add_floats(times, "SCALAR");
    w.json["accessors"][static_cast<std::size_t>(input)]["min"] = {times.front()};
    w.json["accessors"][static_cast<std::size_t>(input)]["max"] = {times.back()};
    animation["samplers"].push_back({{"input", input}, {"output", w.add_floats(values, type)}, {"interpolation", interpolation}});
    return static_cast<int>(animation["samplers"].size()) - 1;
}

void add_channel(nlohmann::json& animation, int sampler, int node, const std::string& path) {
    animation["channels"].push_back({{"sampler", sampler}, {"target", {{"node", node}, {"path", path}}}});
}

// A VEC3 accessor with no bufferView: zeros, except the sparse elements given.
int add_sparse_vec3(GltfWriter& w, std::size_t count, const std::vector<std::uint16_t>& indices,
                    const std::vector<glm::vec3>& values) {
    const int index_view = w.add_view(indices.data(), indices.size() * sizeof(std::uint16_t));
    std::vector<float> flat;
    for (const glm::vec3& v : values) flat.insert(flat.end(), {v.x, v.y, v.z});
    const int value_view = w.add_view(flat.data(), flat.size() * sizeof(float));
    const int accessor = w.add_accessor(-1, kFloat, count, "VEC3");
    w.json["accessors"][static_cast<std::size_t>(accessor)]["sparse"] = {
        {"count", indices.size()},
        {"indices", {{"bufferView", index_view}, {"componentType", kUnsignedShort}}},
        {"values", {{"bufferView", value_view}}}};
    return accessor;
}

float lerp(float a, float b, double s) { return a + static_cast<float>(s) * (b - a); }

}  // namespace

std::vector<glm::vec3> MorphRig::morphed_positions(const std::vector<float>& weights) const {
    std::vector<glm::vec3> out;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        glm::vec3 p = positions[i];
        for (std::size_t k = 0; k < weights.size(); ++k) p += weights[k] * position_deltas[k][i];
        out.push_back(glm::vec3(placement * glm::vec4(p, 1.0f)));
    }
    return out;
}

std::vector<glm::vec3> MorphRig::morphed_normals(const std::vector<float>& weights) const {
    std::vector<glm::vec3> out;
    const glm::mat3 normal_matrix = glm::transpose(glm::inverse(glm::mat3(placement)));
    for (std::size_t i = 0; i < normals.size(); ++i) {
        glm::vec3 n = normals[i];
        for (std::size_t k = 0; k < weights.size(); ++k)
            if (!normal_deltas[k].empty()) n += weights[k] * normal_deltas[k][i];
        out.push_back(glm::normalize(normal_matrix * n));
    }
    return out;
}

MorphRig morphing_arm_rig() {
    MorphRig rig{arm_rig(), arm_positions(), std::vector<glm::vec3>(6, {0.0f, 0.0f, 1.0f}), {}, {}, glm::mat4(1.0f)};
    GltfWriter& w = rig.writer;
    const std::vector<glm::vec3> bulge = {{0, 0, 0}, {0, 0, 0}, {-0.2f, 0, 0.1f}, {0.2f, 0, 0.1f}, {0, 0, 0}, {0, 0, 0}};
    const std::vector<glm::vec3> tilt(6, {0.5f, 0.0f, 0.0f});
    std::vector<glm::vec3> tip(6, glm::vec3(0.0f));
    tip[4] = {0.0f, 0.3f, 0.1f};
    tip[5] = {0.0f, 0.3f, -0.1f};
    rig.position_deltas = {bulge, tip};
    rig.normal_deltas = {tilt, {}};
    w.json["meshes"][0]["primitives"][0]["targets"] = {
        {{"POSITION", w.add_vec3(bulge)}, {"NORMAL", w.add_vec3(tilt)}},
        {{"POSITION", add_sparse_vec3(w, 6, {4, 5}, {tip[4], tip[5]})}}};
    w.json["meshes"][0]["weights"] = {0.5, 0.5};
    w.json["nodes"][2]["weights"] = {0.25, 1.0};  // the mesh node's own weights win

    nlohmann::json wave = {{"name", "wave"}};
    const float s = std::sqrt(0.5f);
    add_channel(wave, add_sampler(w, wave, {0, 1}, {0, 0, 0, 1, 0, 0, s, s}, "VEC4", "LINEAR"), 1, "rotation");
    add_channel(wave, add_sampler(w, wave, {0, 2}, {0, 0, 1, 0.5f}, "SCALAR", "LINEAR"), 2, "weights");
    w.json["animations"] = nlohmann::json::array({wave});
    return rig;
}

std::vector<float> wave_weights(double t) {
    const double s = std::clamp(t / 2.0, 0.0, 1.0);
    return {lerp(0.0f, 1.0f, s), lerp(0.0f, 0.5f, s)};
}

float wave_elbow_angle(double t) { return static_cast<float>(M_PI / 2.0 * std::clamp(t, 0.0, 1.0)); }

MorphRig morph_only_quad() {
    MorphRig rig;
    GltfWriter& w = rig.writer;
    rig.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
    rig.normals.assign(4, {0.0f, 0.0f, 1.0f});
    rig.position_deltas = {{{0, 0, 0.5f}, {0, 0, 0.5f}, {0, 0, 0}, {0, 0, 0}},
                           {{0, 0, 0}, {0, 0, 0}, {0.25f, 0.25f, 0}, {0, 0, 0}}};
    rig.normal_deltas = {std::vector<glm::vec3>(4, {0.5f, 0.0f, 0.0f}), {}};
    rig.placement = glm::scale(glm::translate(glm::mat4(1.0f), glm::vec3(1, 0, 0)), glm::vec3(2.0f));
    const nlohmann::json attributes = {{"POSITION", w.add_vec3(rig.positions)}, {"NORMAL", w.add_vec3(rig.normals)}};
    const nlohmann::json targets = {{{"POSITION", w.add_vec3(rig.position_deltas[0])}, {"NORMAL", w.add_vec3(rig.normal_deltas[0])}},
                                    {{"POSITION", w.add_vec3(rig.position_deltas[1])}}};
    const int indices = w.add_integers<std::uint16_t>({0, 1, 2, 0, 2, 3}, kUnsignedShort, "SCALAR");
    w.add_mesh({{{"attributes", attributes}, {"indices", indices}, {"targets", targets}}});
    const int face = w.add_node({{"name", "face"}, {"mesh", 0}, {"translation", {1.0, 0.0, 0.0}}, {"scale", {2.0, 2.0, 2.0}}});
    w.set_scene({face});

    nlohmann::json linear = {{"name", "linear"}}, step = {{"name", "step"}}, cubic = {{"name", "cubic"}};
    add_channel(linear, add_sampler(w, linear, {0, 1, 3}, {0, 0, 1, 0, 0, 1}, "SCALAR", "LINEAR"), face, "weights");
    add_channel(step, add_sampler(w, step, {0, 0.5f, 1.5f}, {0, 0, 1, 1, 0.5f, 0}, "SCALAR", "STEP"), face, "weights");
    // Per key: in-tangents (2), values (2), out-tangents (2).
    add_channel(cubic, add_sampler(w, cubic, {0, 2}, {0, 0, 0, 0, 1, -1, /* key 1: */ 0, 2, 1, 0.5f, 0, 0}, "SCALAR",
                                   "CUBICSPLINE"),
                face, "weights");
    w.json["animations"] = {linear, step, cubic};
    return rig;
}

std::vector<float> morph_only_weights(const std::string& clip, double t) {
    if (clip == "linear") {
        if (t <= 1.0) return {lerp(0, 1, std::max(t, 0.0)), 0.0f};
        const double s = std::min((t - 1.0) / 2.0, 1.0);
        return {lerp(1, 0, s), lerp(0, 1, s)};
    }
    if (clip == "step") return t < 0.5 ? std::vector<float>{0, 0} : t < 1.5 ? std::vector<float>{1, 1} : std::vector<float>{0.5f, 0};
    // CUBICSPLINE over [0, 2]: p(s) = h00 v0 + h10 dt b0 + h01 v1 + h11 dt a1 (glTF 2.0, Appendix C).
    const double s = std::clamp(t / 2.0, 0.0, 1.0), dt = 2.0;
    const double h00 = 2 * s * s * s - 3 * s * s + 1, h10 = s * s * s - 2 * s * s + s, h01 = -2 * s * s * s + 3 * s * s,
                 h11 = s * s * s - s * s;
    const double v0[2] = {0, 0}, b0[2] = {1, -1}, v1[2] = {1, 0.5}, a1[2] = {0, 2};
    return {static_cast<float>(h00 * v0[0] + h10 * dt * b0[0] + h01 * v1[0] + h11 * dt * a1[0]),
            static_cast<float>(h00 * v0[1] + h10 * dt * b0[1] + h01 * v1[1] + h11 * dt * a1[1])};
}

}  // namespace dynskin::test
