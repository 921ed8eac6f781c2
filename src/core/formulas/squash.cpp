#include "core/formulas/squash.h"

#include <cmath>

namespace dynskin {

const float kStretchLimit = std::log(kMaxStretch);

Stretch stretch(float x) {
    const float th = std::tanh(x / kStretchLimit);
    const float e = std::exp(kStretchLimit * th);
    return {e, e * (1.0f - th * th)};
}

namespace {

// Stretch by e(k |v|) along v about the centre, thinning by 1/sqrt(e) across.
void add_along_velocity(const glm::vec3& v, const glm::vec3& centre, float k, float beta, const glm::vec3& p,
                        glm::vec3& offset, glm::mat3& jacobian) {
    const float speed = glm::length(v);
    if (!(speed > 0.0f) || !std::isfinite(speed)) return;
    const glm::vec3 along = v / speed;
    const float e = stretch(k * speed).factor;
    const float across = 1.0f / std::sqrt(e) - 1.0f;
    const glm::mat3 m = across * glm::mat3(1.0f) + (e - 1.0f - across) * glm::outerProduct(along, along);
    offset += beta * (m * (p - centre));
    jacobian += beta * m;
}

}  // namespace

void add_squash(const JointDrive& d, SquashCenter center, float k, float beta, const glm::vec3& p,
                glm::vec3& offset, glm::mat3& jacobian) {
    if (d.linear_velocity != glm::vec3(0.0f))
        add_along_velocity(d.linear_velocity, d.centroid, k, beta, p, offset, jacobian);
    if (d.angular_velocity == glm::vec3(0.0f) || d.medial == glm::vec3(0.0f)) return;

    const glm::vec3 w = d.angular_velocity - glm::dot(d.angular_velocity, d.medial) * d.medial;  // across m
    const float turn = glm::length(w);
    if (!(turn > 0.0f) || !std::isfinite(turn)) return;
    if (center == SquashCenter::Centroid) {
        add_along_velocity(glm::cross(w, d.centroid - d.position), d.centroid, k, beta, p, offset, jacobian);
        return;
    }
    const glm::vec3 w_axis = w / turn;
    const glm::vec3 e1 = glm::cross(d.medial, w_axis);  // unit: m and w_axis are orthonormal
    const glm::vec3 e2 = glm::cross(d.medial, e1);
    const glm::vec3 u = p - d.position;
    const glm::vec3 u_perp = u - glm::dot(u, w_axis) * w_axis;
    const float radius = glm::length(u_perp);  // the vertex's speed is turn * radius
    const Stretch s = stretch(k * turn * radius);
    const glm::mat3 e1e1 = glm::outerProduct(e1, e1), e2e2 = glm::outerProduct(e2, e2);
    const glm::mat3 m = (s.factor - 1.0f) * e1e1 + (1.0f / s.factor - 1.0f) * e2e2;
    // M e1, e2 are across the medial axis, so M (p - c_j) is the same from any point of it.
    const glm::vec3 from_axis = p - d.centroid;
    offset += beta * (m * from_axis);
    glm::mat3 dj = m;
    if (radius > 0.0f) {
        const glm::mat3 dm = s.slope * e1e1 - (s.slope / (s.factor * s.factor)) * e2e2;
        dj += glm::outerProduct(dm * from_axis, (k * turn / radius) * u_perp);
    }
    jacobian += beta * dj;
}

}  // namespace dynskin
