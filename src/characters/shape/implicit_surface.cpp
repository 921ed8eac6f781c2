#include "characters/shape/implicit_surface.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace dynskin::characters {
namespace {

SurfaceColor plain(glm::vec3 color) {
    return [color](const glm::vec3&) { return color; };
}

// Inigo Quilez's distance bound for an ellipsoid: exact on the surface, good near it.
float ellipsoid_distance(const glm::vec3& p, const glm::vec3& r) {
    const float k0 = glm::length(p / r);
    const float k1 = glm::length(p / (r * r));
    return k1 > 0.0f ? k0 * (k0 - 1.0f) / k1 : -std::min(r.x, std::min(r.y, r.z));
}

// Exact distance to a cone with rounded ends of radii r1 at a and r2 at b (Quilez).
float round_cone_distance(const glm::vec3& p, const glm::vec3& a, const glm::vec3& b, float r1, float r2) {
    const glm::vec3 ba = b - a;
    const float l2 = glm::dot(ba, ba);
    const float rr = r1 - r2;
    const float a2 = l2 - rr * rr;
    const float il2 = 1.0f / l2;
    const glm::vec3 pa = p - a;
    const float y = glm::dot(pa, ba);
    const float z = y - l2;
    const glm::vec3 xv = pa * l2 - ba * y;
    const float x2 = glm::dot(xv, xv);
    const float y2 = y * y * l2;
    const float z2 = z * z * l2;
    const float k = std::copysign(1.0f, rr) * rr * rr * x2;
    if ((z > 0.0f ? 1.0f : -1.0f) * a2 * z2 > k) return std::sqrt(x2 + z2) * il2 - r2;
    if ((y > 0.0f ? 1.0f : -1.0f) * a2 * y2 < k) return std::sqrt(x2 + y2) * il2 - r1;
    return (std::sqrt(x2 * a2 * il2) + y * rr) * il2 - r1;
}

// Exact distance to a triangle (Quilez): to its nearest edge when p projects outside it,
// else to its plane.
float triangle_distance(const glm::vec3& p, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c) {
    const glm::vec3 ba = b - a, pa = p - a, cb = c - b, pb = p - b, ac = a - c, pc = p - c;
    const glm::vec3 normal = glm::cross(ba, ac);
    const auto side = [&](const glm::vec3& edge, const glm::vec3& to_p) {
        return glm::dot(glm::cross(edge, normal), to_p) >= 0.0f ? 1 : -1;
    };
    const auto to_edge2 = [](const glm::vec3& edge, const glm::vec3& to_p) {
        const glm::vec3 d = edge * glm::clamp(glm::dot(edge, to_p) / glm::dot(edge, edge), 0.0f, 1.0f) - to_p;
        return glm::dot(d, d);
    };
    if (side(ba, pa) + side(cb, pb) + side(ac, pc) < 2)
        return std::sqrt(std::min({to_edge2(ba, pa), to_edge2(cb, pb), to_edge2(ac, pc)}));
    const float height = glm::dot(normal, pa);
    return std::sqrt(height * height / glm::dot(normal, normal));
}

float cylinder_distance(const glm::vec3& p, float radius, float half_height, float rounding) {
    const glm::vec2 d(glm::length(glm::vec2(p.x, p.z)) - radius + rounding, std::abs(p.y) - half_height + rounding);
    return std::min(std::max(d.x, d.y), 0.0f) + glm::length(glm::max(d, glm::vec2(0.0f))) - rounding;
}

float box_distance(const glm::vec3& p, const glm::vec3& half_extents, float rounding) {
    const glm::vec3 q = glm::abs(p) - half_extents + rounding;
    return glm::length(glm::max(q, glm::vec3(0.0f))) + std::min(std::max(q.x, std::max(q.y, q.z)), 0.0f) - rounding;
}

}  // namespace

float ShapePart::distance(const glm::vec3& p) const {
    switch (kind) {
        case Kind::RoundCone: return round_cone_distance(p, a, b, radius_a, radius_b);
        case Kind::Ellipsoid: return ellipsoid_distance(glm::inverse(orientation) * (p - center), radii);
        case Kind::Cylinder: return cylinder_distance(glm::inverse(orientation) * (p - center), radii.x, radii.y, rounding);
        case Kind::Sheet: return triangle_distance(p, a, b, c) - radius_a;
        case Kind::Box: break;
    }
    return box_distance(glm::inverse(orientation) * (p - center), radii, rounding);
}

ShapePart ellipsoid(glm::vec3 center, glm::vec3 radii, glm::vec3 color, glm::quat orientation) {
    ShapePart part;
    part.kind = ShapePart::Kind::Ellipsoid;
    part.center = center;
    part.radii = radii;
    part.orientation = orientation;
    part.color = plain(color);
    return part;
}

ShapePart sphere(glm::vec3 center, float radius, glm::vec3 color) { return ellipsoid(center, glm::vec3(radius), color); }

ShapePart round_cone(glm::vec3 a, float radius_a, glm::vec3 b, float radius_b, glm::vec3 color) {
    ShapePart part;
    part.kind = ShapePart::Kind::RoundCone;
    part.a = a;
    part.b = b;
    part.radius_a = radius_a;
    part.radius_b = radius_b;
    part.color = plain(color);
    return part;
}

ShapePart cylinder(glm::vec3 center, float radius, float half_height, float rounding, glm::vec3 color,
                   glm::quat orientation) {
    ShapePart part;
    part.kind = ShapePart::Kind::Cylinder;
    part.center = center;
    part.radii = glm::vec3(radius, half_height, radius);
    part.rounding = rounding;
    part.orientation = orientation;
    part.color = plain(color);
    return part;
}

ShapePart box(glm::vec3 center, glm::vec3 half_extents, float rounding, glm::vec3 color, glm::quat orientation) {
    ShapePart part;
    part.kind = ShapePart::Kind::Box;
    part.center = center;
    part.radii = half_extents;
    part.rounding = rounding;
    part.orientation = orientation;
    part.color = plain(color);
    return part;
}

ShapePart sheet(glm::vec3 a, glm::vec3 b, glm::vec3 c, float half_thickness, glm::vec3 color) {
    ShapePart part;
    part.kind = ShapePart::Kind::Sheet;
    part.a = a;
    part.b = b;
    part.c = c;
    part.radius_a = half_thickness;
    part.color = plain(color);
    return part;
}

ShapePart attach(ShapePart part, std::vector<int> bones, float blend, float bend) {
    part.bones = std::move(bones);
    part.blend = blend;
    part.bend = bend;
    return part;
}

float smooth_union(float a, float b, float k) {
    if (k <= 0.0f) return std::min(a, b);
    const float h = std::max(k - std::abs(a - b), 0.0f) / k;
    return std::min(a, b) - h * h * k * 0.25f;
}

float ImplicitShape::distance(const glm::vec3& p) const {
    float d = parts.front().distance(p);
    for (std::size_t i = 1; i < parts.size(); ++i) d = smooth_union(d, parts[i].distance(p), parts[i].blend);
    return d;
}

glm::vec3 ImplicitShape::gradient(const glm::vec3& p, float step) const {
    const glm::vec3 dx(step, 0, 0), dy(0, step, 0), dz(0, 0, step);
    return glm::vec3(distance(p + dx) - distance(p - dx), distance(p + dy) - distance(p - dy),
                     distance(p + dz) - distance(p - dz));
}

void ImplicitShape::bounds(glm::vec3& lo, glm::vec3& hi) const {
    lo = glm::vec3(1e30f);
    hi = glm::vec3(-1e30f);
    for (const ShapePart& part : parts) {
        glm::vec3 part_lo, part_hi;
        if (part.kind == ShapePart::Kind::RoundCone) {
            const float r = std::max(part.radius_a, part.radius_b);
            part_lo = glm::min(part.a, part.b) - r;
            part_hi = glm::max(part.a, part.b) + r;
        } else if (part.kind == ShapePart::Kind::Sheet) {
            part_lo = glm::min(part.a, glm::min(part.b, part.c)) - part.radius_a;
            part_hi = glm::max(part.a, glm::max(part.b, part.c)) + part.radius_a;
        } else {
            // Rotated boxes and cylinders reach out to their corners.
            const float r = glm::length(part.radii);
            part_lo = part.center - r;
            part_hi = part.center + r;
        }
        lo = glm::min(lo, part_lo - part.blend);
        hi = glm::max(hi, part_hi + part.blend);
    }
}

}  // namespace dynskin::characters
