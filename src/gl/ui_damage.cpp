#include "gl/ui_damage.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace dynskin::gl {
namespace {

// A list's triangles in drawing order, whether kept or current.
struct Triangles {
    const UiVertex* vertices;
    std::size_t vertex_count;
    const std::uint16_t* indices;
    const std::vector<UiCommand>& commands;

    std::size_t count() const {
        std::size_t n = 0;
        for (const UiCommand& c : commands) n += c.index_count / 3;
        return n;
    }
};

Triangles triangles_of(const KeptUiList& list) {
    return {list.vertices.data(), list.vertices.size(), list.indices.data(), list.commands};
}
Triangles triangles_of(const UiDrawList& list) {
    return {list.vertices, list.vertex_count, list.indices, list.commands};
}

// A triangle of a list: its command, and the index position of its first corner.
struct Cursor {
    std::size_t command = 0;
    std::uint32_t index = 0;
};

std::uint32_t triangles_in(const UiCommand& c) { return c.index_count / 3; }

// From `at`'s command on, the first with a triangle: at its first triangle (past the end:
// none left).
void forward_to_a_triangle(const Triangles& t, Cursor& at) {
    while (at.command < t.commands.size() && triangles_in(t.commands[at.command]) == 0) ++at.command;
    if (at.command < t.commands.size()) at.index = t.commands[at.command].first_index;
}

// Back from `at`'s command (not included), the last with a triangle: at its last triangle;
// false, `at` unchanged, when there is none.
bool back_to_a_triangle(const Triangles& t, Cursor& at) {
    for (std::size_t c = at.command; c > 0;) {
        const UiCommand& command = t.commands[--c];
        if (triangles_in(command) > 0) {
            at = {c, command.first_index + 3 * (triangles_in(command) - 1)};
            return true;
        }
    }
    return false;
}

Cursor first_triangle(const Triangles& t) {
    Cursor at;
    forward_to_a_triangle(t, at);
    return at;
}

Cursor last_triangle(const Triangles& t) {
    Cursor at{t.commands.size(), 0};  // none, unless one is found
    back_to_a_triangle(t, at);
    return at;
}

void next(const Triangles& t, Cursor& at) {
    const UiCommand& c = t.commands[at.command];
    at.index += 3;
    if (at.index < c.first_index + 3 * triangles_in(c)) return;
    ++at.command;
    forward_to_a_triangle(t, at);
}

void previous(const Triangles& t, Cursor& at) {
    if (at.index > t.commands[at.command].first_index) at.index -= 3;
    else back_to_a_triangle(t, at);
}

bool corners_in_range(const Triangles& t, const Cursor& at) {
    for (int k = 0; k < 3; ++k)
        if (t.indices[at.index + k] >= t.vertex_count) return false;
    return true;
}

bool alike(const Triangles& a, const Cursor& at_a, const Triangles& b, const Cursor& at_b) {
    const UiCommand& ca = a.commands[at_a.command];
    const UiCommand& cb = b.commands[at_b.command];
    if (ca.texture != cb.texture || ca.clip != cb.clip) return false;
    if (!corners_in_range(a, at_a) || !corners_in_range(b, at_b)) return false;
    for (int k = 0; k < 3; ++k) {
        // Bytes: a NaN corner (none from ImGui) is then unlike only a different one.
        if (std::memcmp(&a.vertices[a.indices[at_a.index + k]], &b.vertices[b.indices[at_b.index + k]], sizeof(UiVertex)) != 0)
            return false;
    }
    return true;
}

// Where the triangle can draw: its corners' bounds cut to its clip rectangle (the clip
// alone when a corner is missing); none when they do not meet.
std::optional<glm::vec4> bounds(const Triangles& t, const Cursor& at) {
    const glm::vec4 clip = t.commands[at.command].clip;
    if (!corners_in_range(t, at)) return clip;
    glm::vec2 lo(std::numeric_limits<float>::infinity()), hi(-std::numeric_limits<float>::infinity());
    for (int k = 0; k < 3; ++k) {
        const glm::vec2 p = t.vertices[t.indices[at.index + k]].position;
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    lo = glm::max(lo, glm::vec2(clip.x, clip.y));
    hi = glm::min(hi, glm::vec2(clip.z, clip.w));
    if (!(lo.x <= hi.x && lo.y <= hi.y)) return std::nullopt;
    return glm::vec4(lo, hi);
}

void unite(std::optional<glm::vec4>& into, const std::optional<glm::vec4>& r) {
    if (!r) return;
    if (!into) {
        into = r;
        return;
    }
    *into = glm::vec4(glm::min(glm::vec2(*into), glm::vec2(*r)), glm::max(glm::vec2(into->z, into->w), glm::vec2(r->z, r->w)));
}

// The bounds of `count` triangles from `from` on.
void unite_run(std::optional<glm::vec4>& into, const Triangles& t, Cursor from, std::size_t count) {
    for (std::size_t k = 0; k < count; ++k, next(t, from)) unite(into, bounds(t, from));
}

bool meet(const glm::vec4& a, const glm::vec4& b) { return a.x <= b.z && b.x <= a.z && a.y <= b.w && b.y <= a.w; }

}  // namespace

void KeptUiList::keep(const UiDrawList& list) {
    vertices.assign(list.vertices, list.vertices + list.vertex_count);
    indices.assign(list.indices, list.indices + list.index_count);
    commands = list.commands;
}

UiDrawList KeptUiList::view() const {
    UiDrawList list;
    list.vertices = vertices.data();
    list.vertex_count = vertices.size();
    list.indices = indices.data();
    list.index_count = indices.size();
    list.commands = commands;
    return list;
}

std::optional<glm::vec4> changed_rect(const KeptUiList& before, const UiDrawList& now) {
    const Triangles a = triangles_of(before), b = triangles_of(now);
    const std::size_t count_a = a.count(), count_b = b.count(), shorter = std::min(count_a, count_b);
    // The triangles both begin with alike, then those both end with alike (not counted twice).
    std::size_t same_first = 0;
    Cursor at_a = first_triangle(a), at_b = first_triangle(b);
    while (same_first < shorter && alike(a, at_a, b, at_b)) {
        ++same_first;
        next(a, at_a);
        next(b, at_b);
    }
    const Cursor differ_a = at_a, differ_b = at_b;
    std::size_t same_last = 0;
    Cursor end_a = last_triangle(a), end_b = last_triangle(b);
    while (same_first + same_last < shorter && alike(a, end_a, b, end_b)) {
        ++same_last;
        previous(a, end_a);
        previous(b, end_b);
    }
    std::optional<glm::vec4> changed;
    unite_run(changed, a, differ_a, count_a - same_first - same_last);
    unite_run(changed, b, differ_b, count_b - same_first - same_last);
    return changed;
}

std::optional<glm::vec4> drawn_rect(const UiDrawList& list) {
    const Triangles t = triangles_of(list);
    std::optional<glm::vec4> drawn;
    unite_run(drawn, t, first_triangle(t), t.count());
    return drawn;
}

std::pair<std::uint32_t, std::uint32_t> indices_touching(const UiDrawList& list, std::size_t c, const glm::vec4& rect) {
    const Triangles t = triangles_of(list);
    const UiCommand& command = list.commands[c];
    std::uint32_t first = command.first_index, last = command.first_index;
    bool found = false;
    for (std::uint32_t k = 0; k < triangles_in(command); ++k) {
        const Cursor at{c, command.first_index + 3 * k};
        const std::optional<glm::vec4> r = bounds(t, at);
        if (!r || !meet(*r, rect)) continue;
        if (!found) first = at.index;
        found = true;
        last = at.index + 3;
    }
    return {first, last};
}

}  // namespace dynskin::gl
