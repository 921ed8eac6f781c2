#pragma once
// Characters and motions made by the tests themselves.

#include <vector>

#include "dynskin/character.h"
#include "dynskin/pose_sampler.h"

namespace dynskin::test {

// A cylinder along +Y from 0 to `length`, with a chain of `joint_count` joints evenly spaced
// along it (the first at the base, the last at the tip); each vertex is weighted linearly
// between the two joints around it. Inverse binds are the inverse rest globals.
Character make_bar(int joint_count = 4, float length = 2.0f, float radius = 0.2f, int rings = 24, int sides = 8);

// Rotates `joint` about `axis` (parent frame) at `speed` rad/s from t = 0 until t = stop,
// then holds still. Before t = 0 the joint is at rest.
PoseSampler turn_and_stop(const Skeleton& skeleton, int joint, glm::vec3 axis, float speed, double stop);

// Largest distance between matching points.
float max_distance(const std::vector<glm::vec3>& a, const std::vector<glm::vec3>& b);

bool all_finite(const std::vector<glm::vec3>& points);

}  // namespace dynskin::test
