#include "app/input/bend_painter.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace dynskin::app {
namespace {

constexpr std::size_t kUndoSteps = 64;

}  // namespace

bool intersect_mesh(const Ray& ray, const std::vector<glm::vec3>& p, const std::vector<std::uint32_t>& triangles,
                    glm::vec3& hit) {
    float best = INFINITY;
    for (std::size_t t = 0; t + 2 < triangles.size(); t += 3) {  // Moller-Trumbore
        const glm::vec3 a = p[triangles[t]], b = p[triangles[t + 1]], c = p[triangles[t + 2]];
        const glm::vec3 e1 = b - a, e2 = c - a;
        const glm::vec3 h = glm::cross(ray.direction, e2);
        const float det = glm::dot(e1, h);
        if (std::abs(det) < 1e-12f) continue;
        const float inv = 1.0f / det;
        const glm::vec3 s = ray.origin - a;
        const float u = inv * glm::dot(s, h);
        if (u < 0.0f || u > 1.0f) continue;
        const glm::vec3 q = glm::cross(s, e1);
        const float v = inv * glm::dot(ray.direction, q);
        if (v < 0.0f || u + v > 1.0f) continue;
        const float distance = inv * glm::dot(e2, q);
        if (distance > 0.0f && distance < best) best = distance;
    }
    if (!std::isfinite(best)) return false;
    hit = ray.origin + best * ray.direction;
    return true;
}

BendPainter::BendPainter(const SkinnedMesh& mesh) : neighbours_(mesh.vertex_count()) {
    // Vertices at the same rest position (UV seams, hard edges) are one point of the skin.
    std::map<std::tuple<float, float, float>, std::uint32_t> first_at;
    std::vector<std::uint32_t> welded(mesh.vertex_count());
    for (std::uint32_t i = 0; i < mesh.vertex_count(); ++i) {
        const glm::vec3& p = mesh.rest_positions[i];
        welded[i] = first_at.emplace(std::make_tuple(p.x, p.y, p.z), i).first->second;
    }
    std::vector<std::vector<std::uint32_t>> welded_neighbours(mesh.vertex_count());
    for (std::size_t t = 0; t + 2 < mesh.triangles.size(); t += 3)
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t a = welded[mesh.triangles[t + k]], b = welded[mesh.triangles[t + (k + 1) % 3]];
            welded_neighbours[a].push_back(b);
            welded_neighbours[b].push_back(a);
        }
    for (std::uint32_t i = 0; i < mesh.vertex_count(); ++i) {
        std::vector<std::uint32_t> n = welded_neighbours[welded[i]];
        std::sort(n.begin(), n.end());
        n.erase(std::unique(n.begin(), n.end()), n.end());
        neighbours_[i] = std::move(n);
    }
}

void BendPainter::dab(const Brush& brush, const glm::vec3& center, float size, const std::vector<glm::vec3>& positions,
                      std::vector<float>& weights) const {
    const float radius = std::max(brush.radius * size, 1e-9f);
    const float strength = std::clamp(brush.strength, 0.0f, 1.0f);
    const float hard = 1.0f - std::clamp(brush.falloff, 0.0f, 1.0f);  // the inner part at full strength
    const std::vector<float> source = brush.mode == BrushMode::Smooth ? weights : std::vector<float>{};
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const float d = glm::length(positions[i] - center) / radius;
        if (d >= 1.0f) continue;
        const float x = hard >= 1.0f ? 0.0f : std::clamp((d - hard) / (1.0f - hard), 0.0f, 1.0f);
        const float amount = strength * (1.0f - x * x * (3.0f - 2.0f * x));  // smoothstep falloff
        float target = brush.value;
        if (brush.mode == BrushMode::Erase) target = 1.0f;
        if (brush.mode == BrushMode::Smooth) {
            if (neighbours_[i].empty()) continue;
            float sum = 0.0f;
            for (std::uint32_t n : neighbours_[i]) sum += source[n];
            target = sum / float(neighbours_[i].size());
        }
        weights[i] += amount * (target - weights[i]);
    }
}

void BendPainter::end_stroke() {
    if (!layer_ || before_ == *layer_) return;
    ++revision_;
    undo_.push_back({layer_, std::move(before_)});
    if (undo_.size() > kUndoSteps) undo_.erase(undo_.begin());
    redo_.clear();
    before_.clear();
}

bool BendPainter::undo() {
    if (undo_.empty()) return false;
    ++revision_;
    Step step = std::move(undo_.back());
    undo_.pop_back();
    std::swap(*step.layer, step.values);
    redo_.push_back(std::move(step));
    return true;
}

bool BendPainter::redo() {
    if (redo_.empty()) return false;
    ++revision_;
    Step step = std::move(redo_.back());
    redo_.pop_back();
    std::swap(*step.layer, step.values);
    undo_.push_back(std::move(step));
    return true;
}

}  // namespace dynskin::app
