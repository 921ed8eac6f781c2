#pragma once
// The joint hierarchy: names, parents sorted parent-before-child, rest local transforms.

#include <string>
#include <vector>

#include "dynskin/transform.h"

namespace dynskin {

struct Skeleton {
    std::vector<std::string> names;
    std::vector<int> parents;  // parents[j] < j, or -1 for a root (several roots allowed)
    std::vector<Trs> rest;     // parent-local rest transforms

    int joint_count() const { return static_cast<int>(parents.size()); }

    // Adds a joint after all existing ones and returns its index; parent must be < index.
    int add_joint(std::string name, int parent, const Trs& rest_local);

    // Empty when the skeleton is usable, else a one-line description of the first problem
    // (sizes differ, a parent not before its child, a non-finite or non-unit rest value).
    std::string validate() const;

    bool is_ancestor_or_self(int ancestor, int joint) const;
};

}  // namespace dynskin
