#include "dynskin/skeleton.h"

#include <cmath>

namespace dynskin {

int Skeleton::add_joint(std::string name, int parent, const Trs& rest_local) {
    names.push_back(std::move(name));
    parents.push_back(parent);
    rest.push_back(rest_local);
    return joint_count() - 1;
}

static bool finite(const Trs& t) {
    for (int k = 0; k < 3; ++k)
        if (!std::isfinite(t.translation[k]) || !std::isfinite(t.scale[k])) return false;
    for (int k = 0; k < 4; ++k)
        if (!std::isfinite(t.rotation[k])) return false;
    return true;
}

std::string Skeleton::validate() const {
    if (joint_count() == 0) return "the skeleton has no joint";
    if (names.size() != parents.size() || rest.size() != parents.size())
        return "the skeleton's names, parents and rest transforms differ in count";
    for (int j = 0; j < joint_count(); ++j) {
        if (parents[j] < -1 || parents[j] >= j)
            return "joint " + std::to_string(j) + " ('" + names[j] + "') does not come after its parent";
        if (!finite(rest[j]))
            return "joint " + std::to_string(j) + " ('" + names[j] + "') has a non-finite rest transform";
        if (std::abs(glm::length(rest[j].rotation) - 1.0f) > 1e-3f)
            return "joint " + std::to_string(j) + " ('" + names[j] + "') has a non-unit rest rotation";
    }
    return {};
}

bool Skeleton::is_ancestor_or_self(int ancestor, int joint) const {
    for (int j = joint; j >= 0; j = parents[j])
        if (j == ancestor) return true;
    return false;
}

}  // namespace dynskin
