#pragma once
// The soft limit of the bend angle, of the translation's lag and of a vertex's whole offset
// (bend.h), and of a joint's linear drive (joint_drive.h): values up to the knee k (half the
// limit m) pass exactly unchanged, larger ones ease toward the limit as
// sign(x) (k + k tanh((|x| - k) / k)): smooth (slope 1 at the knee), never past m, and free
// below the knee, where ordinary motion stays. Identity when the limit is off (<= 0 or
// infinite).

namespace dynskin {

struct LimitedAngle {
    float angle;
    float slope;
};
LimitedAngle soft_limit(float angle, float max_angle);

}  // namespace dynskin
