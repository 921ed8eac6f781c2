#include "reference_deformer.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "core/formulas/bend.h"
#include "core/formulas/delayed_lbs.h"
#include "core/formulas/morphed_rest.h"
#include "core/formulas/squash.h"
#include "core/formulas/squash_centroids.h"
#include "dynskin/hierarchical_weights.h"
#include "dynskin/linear_blend_skinning.h"
#include "dynskin/measurement_clock.h"
#include "dynskin/oscillation_kernel.h"

namespace dynskin {
namespace {

constexpr double h = kTickSeconds;

struct Measurements {
    const Character& character;
    const PoseSampler& sampler;
    Tick first;  // the tick the history started at
    std::vector<float> teleport_steps;
    float object_motion;  // DynamicParameters::object_motion, clamped to [0, 1]
    std::map<Tick, Pose> poses;

    const Pose& pose_at_tick(Tick n) {
        auto it = poses.find(n);
        if (it != poses.end()) return it->second;
        Pose pose{character.skeleton.rest};
        sampler(tick_time(n), pose);
        return poses.emplace(n, pose).first->second;
    }
    // The turn (rotation vector) and step of joint j from tick n - 1 to n in its parent's
    // frame; for a root, with the object's motion (Pose::object) weighed by object_motion:
    // the root as the object sees it, in double matrices, then placed by the object at n.
    struct Motion {
        glm::vec3 turn, step;
    };
    Motion motion(int j, Tick n) {
        const Pose &a = pose_at_tick(n - 1), &b = pose_at_tick(n);
        const Trs &from = a.local[j], &to = b.local[j];
        const glm::vec3 turn = from.rotation == to.rotation ? glm::vec3(0.0f)
                                                            : rotation_log(to.rotation * glm::inverse(from.rotation));
        const glm::vec3 step = to.translation - from.translation;
        const bool object_moves = a.object.translation != b.object.translation ||
                                  a.object.rotation != b.object.rotation || a.object.scale != b.object.scale;
        if (character.skeleton.parents[j] >= 0 || object_motion >= 1.0f || !object_moves) return {turn, step};
        const glm::dmat4 in_a = glm::inverse(glm::dmat4(a.object.to_matrix())) * glm::dmat4(from.to_matrix());
        const glm::dmat4 in_b = glm::inverse(glm::dmat4(b.object.to_matrix())) * glm::dmat4(to.to_matrix());
        Trs own_a, own_b;
        decompose(in_a, own_a);
        decompose(in_b, own_b);
        const glm::dmat3 object_b(b.object.to_matrix());
        const glm::dmat3 turn_of_object_b = glm::mat3_cast(glm::dquat(b.object.rotation));
        const glm::vec3 own_turn(turn_of_object_b * glm::dvec3(rotation_log(own_b.rotation * glm::inverse(own_a.rotation))));
        const glm::vec3 own_step(object_b * glm::dvec3(own_b.translation - own_a.translation));
        const float g = object_motion;
        return {g * turn + (1.0f - g) * own_turn, g * step + (1.0f - g) * own_step};
    }
    // Before the first tick, the velocity of the first tick. Over a cut, the tick before's
    // (zero when the first tick is a cut).
    bool cut(int j, Tick n) {
        const Motion m = motion(j, n);
        return is_cut(pose_at_tick(n - 1).cycle != pose_at_tick(n).cycle, m.turn, m.step, teleport_steps[j]);
    }
    glm::vec3 omega(int j, Tick n) {
        n = std::max(n, first);
        if (cut(j, n)) return n == first ? glm::vec3(0.0f) : omega(j, n - 1);
        return motion(j, n).turn / static_cast<float>(h);
    }
    glm::vec3 velocity(int j, Tick n) {
        n = std::max(n, first);
        if (cut(j, n)) return n == first ? glm::vec3(0.0f) : velocity(j, n - 1);
        return motion(j, n).step / static_cast<float>(h);
    }
    // Before the tick preceding the first, the rotation of that tick.
    glm::quat rotation(int j, Tick n) { return pose_at_tick(std::max(n, first - 1)).local[j].rotation; }
};

glm::vec3 filter(Measurements& m, bool linear, int j, Tick n, const OscillationParameters& p, bool oscillations) {
    auto H = [&](Tick k) { return linear ? m.velocity(j, k) : m.omega(j, k); };
    glm::vec3 f = p.drag * H(n);
    if (!oscillations || !(p.damping > 0.0f)) return f;
    const int K = std::min(static_cast<int>(std::ceil(p.damping * -std::log(kKernelEpsilon) * kTicksPerSecond)), kMaxKernelTicks);
    for (int k = 0; k < K; ++k) {
        const double time = k * h;
        const float kappa = static_cast<float>(p.amplitude * std::exp(-time / p.damping) *
                                               std::sin(2.0 * M_PI * p.frequency * time));
        f += kappa * (H(n - k) - H(n - k - 1));
    }
    return f;
}

}  // namespace

ReferenceResult reference_deform(const Character& character, const PoseSampler& sampler,
                                 const DynamicSettings& settings, double start_time, double t) {
    const Skeleton& skeleton = character.skeleton;
    const SkinnedMesh& mesh = character.mesh;
    const DynamicParameters& params = settings.parameters;
    const int J = skeleton.joint_count();
    const std::size_t V = mesh.vertex_count();
    const float L = size_of(character);
    const float ground = ground_of(character);

    const float object_motion = std::isfinite(params.object_motion) ? std::clamp(params.object_motion, 0.0f, 1.0f) : 1.0f;
    Measurements m{character, sampler, first_tick_at_or_after(start_time), teleport_steps(skeleton, L), object_motion, {}};
    Pose pose{skeleton.rest, mesh.morphs.default_weights()};
    sampler(t, pose);
    // Morph, then skin: every base below starts from the morphed rest.
    std::vector<glm::vec3> rest_positions, rest_normals;
    morph_rest_shape(mesh, pose.morph_weights, rest_positions, rest_normals);
    const RestShape rest{rest_positions, rest_normals};
    std::vector<glm::mat4> globals;
    forward_kinematics(skeleton, pose, globals);

    // Dense weights and betas.
    std::vector<std::vector<float>> w(V, std::vector<float>(J, 0.0f));
    for (std::size_t i = 0; i < V; ++i)
        for (std::uint32_t e = mesh.weights.offsets[i]; e < mesh.weights.offsets[i + 1]; ++e)
            w[i][mesh.weights.joints[e]] += mesh.weights.weights[e];
    std::vector<std::vector<float>> beta(V, std::vector<float>(J, 0.0f));
    for (std::size_t i = 0; i < V; ++i)
        for (int j = 0; j < J; ++j)
            for (int k = 0; k < J; ++k)
                if (w[i][k] > 0.0f && skeleton.is_ancestor_or_self(j, k)) beta[i][j] += w[i][k];

    ReferenceResult r;
    r.base_positions.resize(V);
    r.normals.resize(V);
    const bool delayed = params.propagation_speed > 0.0f && std::isfinite(params.propagation_speed);
    if (delayed) {
        const HierarchicalWeights rows = build_hierarchical_weights(skeleton, mesh.weights);
        const std::vector<float> distances = skeleton_distances(skeleton, mesh, rows, L);
        const Tick newest = first_tick_at_or_after(t);
        for (std::size_t i = 0; i < V; ++i) {
            std::vector<float> delay(J, 0.0f);
            for (std::uint32_t e = rows.offsets[i]; e < rows.offsets[i + 1]; ++e)
                delay[rows.joints[e]] = distances[e] / params.propagation_speed;
            glm::mat4 blended(0.0f);
            for (int j = 0; j < J; ++j) {
                if (!(w[i][j] > 0.0f)) continue;
                std::vector<int> chain;
                for (int a = j; a >= 0; a = skeleton.parents[a]) chain.insert(chain.begin(), a);
                glm::mat4 g(1.0f);
                for (int a : chain) {
                    Trs local = pose.local[a];
                    const double target = t - delay[a];
                    // delayed_rotation (delayed_lbs.h) restated on the re-measured ticks: the
                    // reference keeps no history object.
                    if (delay[a] > 0.0f) {
                        if (target >= tick_time(newest - 1)) {
                            const double span = t - tick_time(newest - 1);
                            const float s = span > 1e-12 ? float((target - tick_time(newest - 1)) / span) : 1.0f;
                            local.rotation = slerp_shortest(m.rotation(a, newest - 1), pose.local[a].rotation, s);
                        } else {
                            const Tick k = static_cast<Tick>(std::floor(target * kTicksPerSecond));
                            const Tick oldest = newest - kHistoryTicks + 1;
                            const Tick k0 = std::clamp(k, oldest, newest), k1 = std::clamp(k + 1, oldest, newest);
                            local.rotation = slerp_shortest(m.rotation(a, k0), m.rotation(a, k1), float(target * kTicksPerSecond - k));
                        }
                    }
                    g = g * local.to_matrix();
                }
                blended += w[i][j] * (g * mesh.inverse_binds[j]);
            }
            r.base_positions[i] = glm::vec3(blended * glm::vec4(rest_positions[i], 1.0f));
            r.normals[i] = glm::normalize(glm::inverse(glm::transpose(glm::mat3(blended))) * rest_normals[i]);
        }
    } else {
        std::vector<glm::mat4> skinning(J);
        for (int j = 0; j < J; ++j) skinning[j] = globals[j] * mesh.inverse_binds[j];
        if (params.base == SkinningBase::DualQuaternion) {
            dual_quaternion_skinning(mesh, skinning, r.base_positions, r.normals, &rest);
        } else {
            for (std::size_t i = 0; i < V; ++i) {
                glm::mat4 blended(0.0f);
                for (int j = 0; j < J; ++j) blended += w[i][j] * skinning[j];
                r.base_positions[i] = glm::vec3(blended * glm::vec4(rest_positions[i], 1.0f));
                r.normals[i] = glm::normalize(glm::inverse(glm::transpose(glm::mat3(blended))) * rest_normals[i]);
            }
        }
    }
    r.positions = r.base_positions;
    if (params.mode == DeformerMode::LbsOnly) return r;

    // World drives W_j (angular) and V_j (linear) at t, interpolated between ticks.
    const bool oscillations = params.mode == DeformerMode::DynamicSkinning;
    const Tick n = first_tick_at_or_after(t);
    double alpha = (t - tick_time(n - 1)) * kTicksPerSecond;
    alpha = std::abs(alpha - 1.0) < 1e-6 ? 1.0 : std::clamp(alpha, 0.0, 1.0);
    std::vector<glm::vec3> W(J), Vlin(J), Wdrag(J), Vdrag(J), omega(J), velocity(J), origin(J), centroid(J);
    std::vector<float> gain(J, 1.0f);
    std::vector<glm::quat> global_rotation(J);
    const bool squash_on = params.squash != 0.0f && std::isfinite(params.squash);

    // Squash centroids: area-weighted over each joint's beta region of the rest mesh.
    std::vector<float> area(V, 0.0f);
    for (std::size_t t3 = 0; t3 + 2 < mesh.triangles.size(); t3 += 3) {
        const glm::vec3 a = mesh.rest_positions[mesh.triangles[t3]], b = mesh.rest_positions[mesh.triangles[t3 + 1]],
                        c = mesh.rest_positions[mesh.triangles[t3 + 2]];
        for (int k = 0; k < 3; ++k) area[mesh.triangles[t3 + k]] += glm::length(glm::cross(b - a, c - a)) / 6.0f;
    }
    for (int j = 0; j < J; ++j) {
        const int p = skeleton.parents[j];
        global_rotation[j] = p < 0 ? pose.local[j].rotation : global_rotation[p] * pose.local[j].rotation;
        const JointSettings js = j < int(settings.joints.size()) ? settings.joints[j] : JointSettings{};
        gain[j] = js.gain;
        origin[j] = glm::vec3(globals[j] * glm::vec4(js.origin_offset, 1.0f));
        const OscillationParameters op = sanitized(settings.oscillation_of(j));
        OscillationParameters unfiltered;
        unfiltered.drag = 1.0f;
        auto at_t = [&](bool linear, const OscillationParameters& o, bool with_oscillations) {
            const glm::vec3 f1 = filter(m, linear, j, n, o, with_oscillations);
            const glm::vec3 f0 = filter(m, linear, j, n - 1, o, with_oscillations);
            return alpha == 1.0 ? f1 : f0 + float(alpha) * (f1 - f0);
        };
        const glm::quat to_world = p < 0 ? glm::quat(1, 0, 0, 0) : global_rotation[p];
        const glm::mat3 linear_to_world = p < 0 ? glm::mat3(1.0f) : glm::mat3(globals[p]);
        if (js.bend.rotation) {
            W[j] = to_world * at_t(false, op, oscillations);
            Wdrag[j] = to_world * at_t(false, op, false);
        }
        if (js.bend.translation) {
            Vlin[j] = params.translation_gain * (linear_to_world * at_t(true, op, oscillations));
            Vdrag[j] = params.translation_gain * (linear_to_world * at_t(true, op, false));
            // The lag per unit of distance, soft-limited like an angle.
            const float rate = std::abs(js.gain) * glm::length(Vlin[j]) / L;
            if (rate > 0.0f) {
                const float scale = soft_limit(rate, params.max_angle).angle / rate;  // joint_drive.h's limit_linear_drive
                Vlin[j] *= scale;
                Vdrag[j] *= scale;
            }
        }
        if (squash_on && js.squash.rotation) omega[j] = to_world * at_t(false, unfiltered, false);
        if (squash_on && js.squash.translation) velocity[j] = linear_to_world * at_t(true, unfiltered, false);

        glm::dvec3 sum(0.0);
        double total = 0.0;
        for (std::size_t i = 0; i < V; ++i) {
            sum += double(beta[i][j]) * area[i] * glm::dvec3(mesh.rest_positions[i]);
            total += double(beta[i][j]) * area[i];
        }
        const glm::vec3 rest_centroid =
            total > 0.0 ? glm::vec3(sum / total) : glm::vec3(glm::inverse(mesh.inverse_binds[j])[3]);
        centroid[j] = glm::vec3(globals[j] * (mesh.inverse_binds[j] * glm::vec4(rest_centroid, 1.0f) +
                                              glm::vec4(js.centroid_offset, 0.0f)));
    }

    // Squash & stretch written as in the predecessor: rotate to the stretch frame, scale,
    // rotate back. e = exp(ln3 tanh(x / ln3)).
    auto stretch_of = [](float x) { return std::exp(kStretchLimit * std::tanh(x / kStretchLimit)); };
    auto frame_from = [](glm::vec3 first) {  // orthonormal columns, the first along `first`
        first = glm::normalize(first);
        const glm::vec3 helper = std::abs(first.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
        const glm::vec3 second = glm::normalize(glm::cross(first, helper));
        return glm::mat3(first, second, glm::cross(first, second));
    };
    auto along = [&](const glm::vec3& v, float k, const glm::vec3& centre, const glm::vec3& p) {
        if (glm::length(v) == 0.0f) return glm::vec3(0.0f);
        const float e = stretch_of(k * glm::length(v));
        const glm::mat3 r = frame_from(v);
        const glm::mat3 scale(glm::vec3(e, 0, 0), glm::vec3(0, 1 / std::sqrt(e), 0), glm::vec3(0, 0, 1 / std::sqrt(e)));
        return (r * scale * glm::transpose(r) - glm::mat3(1.0f)) * (p - centre);
    };
    auto squash = [&](int j, float k, const glm::vec3& p) {
        glm::vec3 d = along(velocity[j], k, centroid[j], p);
        const glm::vec3 q = glm::vec3(globals[j][3]);
        if (glm::length(omega[j]) == 0.0f || !(glm::length(centroid[j] - q) > kMinMedialLength * L)) return d;
        const glm::vec3 medial = glm::normalize(centroid[j] - q);
        const glm::vec3 w = omega[j] - glm::dot(omega[j], medial) * medial;
        if (glm::length(w) == 0.0f) return d;
        if (params.squash_center == SquashCenter::Centroid) return d + along(glm::cross(w, centroid[j] - q), k, centroid[j], p);
        const glm::vec3 e1 = glm::normalize(glm::cross(medial, w)), e2 = glm::cross(medial, e1);
        const float e = stretch_of(k * glm::length(glm::cross(w, p - q)));
        const glm::mat3 r(e1, e2, medial);
        const glm::mat3 scale(glm::vec3(e, 0, 0), glm::vec3(0, 1 / e, 0), glm::vec3(0, 0, 1));
        return d + (r * scale * glm::transpose(r) - glm::mat3(1.0f)) * (p - centroid[j]);
    };

    auto displacement = [&](std::size_t i, const glm::vec3& p) {
        glm::vec3 d(0.0f);
        const float gamma = mesh.bend_weights[i];
        const float phi = SkinnedMesh::layer_value(mesh.floppy_weights, i);
        const float sigma = params.squash * SkinnedMesh::layer_value(mesh.squash_weights, i);
        for (int j = 0; j < J; ++j) {
            if (beta[i][j] == 0.0f || gain[j] == 0.0f) continue;
            const glm::vec3 u = p - origin[j];
            // The bend's turn and lag, as bend.h defines them (their derivatives are taken
            // numerically below, which checks apply_bend's exact Jacobian).
            const float k = gamma * gain[j] / L;
            add_turn(W[j] + (phi - 1.0f) * Wdrag[j], k, params.max_angle, beta[i][j], u, d, nullptr);
            add_lag(Vlin[j] + (phi - 1.0f) * Vdrag[j], k, beta[i][j], u, d, nullptr);
            if (sigma != 0.0f) d += beta[i][j] * squash(j, sigma * gain[j] / L, p);
        }
        // The whole offset's soft limit.
        const float length = glm::length(d);
        if (length > 0.0f) d *= soft_limit(length, params.max_offset * L).angle / length;
        // The ground contact: held below a quarter of the band, faded in up to its top.
        if (params.ground_contact > 0.0f) {
            const float band = params.ground_contact * L;
            const float x = std::clamp((p[character.up_axis] - ground - 0.25f * band) / (0.75f * band), 0.0f, 1.0f);
            d *= x * x * (3.0f - 2.0f * x);
        }
        return d;
    };
    const float step = 1e-3f * L;
    for (std::size_t i = 0; i < V; ++i) {
        const glm::vec3 p = r.base_positions[i];
        r.positions[i] = p + displacement(i, p);
        glm::mat3 jacobian(1.0f);
        for (int c = 0; c < 3; ++c) {
            glm::vec3 e(0.0f);
            e[c] = step;
            jacobian[c] += (displacement(i, p + e) - displacement(i, p - e)) / (2.0f * step);
        }
        const glm::vec3 normal = glm::inverse(glm::transpose(jacobian)) * r.normals[i];
        r.normals[i] = glm::normalize(normal * glm::sign(glm::determinant(jacobian)));
    }
    return r;
}

}  // namespace dynskin
