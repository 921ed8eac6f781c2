#pragma once
// What the user tunes: the global parameters and the per-joint settings. Each struct's
// fields() ties every field, for operator==; src/core/model/settings.cpp fails the build when a
// field is left out (the viewer's unsaved-changes check would silently miss it).

#include <limits>
#include <tuple>
#include <vector>

#include <glm/glm.hpp>

namespace dynskin {

enum class DeformerMode {
    LbsOnly,          // the base skinning alone
    DragOnly,         // the drag term D alone (Velocity Skinning's floppy drag)
    DynamicSkinning,  // drag and damped oscillations
};

enum class SkinningBase { Linear, DualQuaternion };

// Where the squash of a turning joint is centred (Velocity Skinning's switch). Axis: each
// vertex stretches along its own direction of travel, about the joint's medial axis (joint
// to centroid), by its own speed; suits limbs. Centroid: the whole region stretches as one
// blob along the velocity of its centroid; suits end bones such as a head.
enum class SquashCenter { Axis, Centroid };

// The oscillation kernel kappa(t) = A exp(-t/tau) sin(2 pi f t) and the drag D.
// A and D are in seconds: F (rad/s) times them is an angle per unit of relative distance.
struct OscillationParameters {
    float frequency = 2.0f;  // f, Hz, >= 0
    float damping = 0.4f;    // tau, s, >= 0 (0: no oscillation)
    float amplitude = 0.15f; // A, s
    float drag = 0.1f;       // D, s

    auto fields() const { return std::tie(frequency, damping, amplitude, drag); }
    bool operator==(const OscillationParameters& o) const { return fields() == o.fields(); }
    bool operator!=(const OscillationParameters& o) const { return !(*this == o); }
};

// The defaults of the two limits, safe on any rig and clip (docs/your-rigs.md: "Safe defaults on any rig").
// Settings saved before a limit existed read as "off" for it, so they keep their look.
constexpr float kDefaultMaxAngle = 1.0f;    // radians
constexpr float kDefaultMaxOffset = 0.25f;  // character sizes
// The ground contact band, in character sizes, of a rig that comes without settings
// (rig_defaults.h): a foot within a quarter of it of the ground stays planted.
constexpr float kDefaultGroundContact = 0.1f;

struct DynamicParameters {
    DeformerMode mode = DeformerMode::DynamicSkinning;
    SkinningBase base = SkinningBase::Linear;
    OscillationParameters oscillation;
    // Strength of the translation term (lag and wobble behind a joint whose translation
    // changes, such as a dragged root); 0 turns it off.
    float translation_gain = 1.0f;
    // dLBS propagation speed c in character sizes per second; infinity turns dLBS off.
    float propagation_speed = std::numeric_limits<float>::infinity();
    // Soft limit of the bend angle in radians: angles up to half of it pass unchanged, larger
    // ones approach it smoothly; it also bounds the translation term's lag per unit of
    // distance. <= 0 or infinity turns it off.
    float max_angle = kDefaultMaxAngle;
    // Soft limit of each vertex's whole offset from the base skinning, in character sizes L:
    // offsets up to half of it pass unchanged, longer ones approach it smoothly. A safety net
    // for violent clips (falls, teleports, fast swings); <= 0 or infinity turns it off.
    float max_offset = kDefaultMaxOffset;
    // Ground contact, in character sizes b: the skin within b/4 of the ground (the rest
    // pose's lowest point, Character::ground) keeps its base position, and the offsets fade
    // in up to b above it, so that feet the clip plants stay planted. <= 0 turns it off: the
    // method as published; a rig without settings gets it on (rig_defaults.h).
    float ground_contact = 0.0f;
    // How much the motion of the character's whole object (its parent, a platform, a
    // character controller: Pose::object, which the roots' transforms include) drives the
    // drag and the wobble: 1 all of it, as any other motion; 0 none, so that a character
    // carried along moves as if its object stood still. Between, the roots' measured
    // velocities mix the two.
    float object_motion = 1.0f;
    // Velocity Skinning's squash & stretch strength S in seconds (0: off): a region moving
    // at speed v stretches by about 1 + S v / L along its motion and thins across it, at
    // constant volume.
    float squash = 0.0f;
    SquashCenter squash_center = SquashCenter::Axis;

    auto fields() const {
        return std::tie(mode, base, oscillation, translation_gain, propagation_speed, max_angle, max_offset,
                        ground_contact, object_motion, squash, squash_center);
    }
    bool operator==(const DynamicParameters& o) const { return fields() == o.fields(); }
    bool operator!=(const DynamicParameters& o) const { return !(*this == o); }
};

// Which of a joint's motions drive an effect: its turn, its translation, or both.
struct MotionSwitches {
    bool rotation = true;
    bool translation = true;

    auto fields() const { return std::tie(rotation, translation); }
    bool operator==(const MotionSwitches& o) const { return fields() == o.fields(); }
};

// The largest joint gain s_j (the joint setting table's range, which the core also holds
// the gains it is given to: a larger one would overflow the bend's floats).
constexpr float kMaxJointGain = 10.0f;

struct JointSettings {
    float gain = 1.0f;                    // s_j in [0, kMaxJointGain]: 0 turns the joint's effect off
    bool override_oscillation = false;    // use `oscillation` instead of the global one
    OscillationParameters oscillation;
    glm::vec3 origin_offset{0.0f};        // flexible origin delta_j, in the joint's frame
    MotionSwitches bend;                  // the bend and lag (drag, wobble) of this joint's motion
    MotionSwitches squash;                // the squash & stretch of this joint's motion
    glm::vec3 centroid_offset{0.0f};      // moves the squash centroid, in the joint's frame

    auto fields() const {
        return std::tie(gain, override_oscillation, oscillation, origin_offset, bend, squash, centroid_offset);
    }
    bool operator==(const JointSettings& o) const { return fields() == o.fields(); }
};

struct DynamicSettings {
    DynamicParameters parameters;
    std::vector<JointSettings> joints;  // one per skeleton joint (missing ones use defaults)

    auto fields() const { return std::tie(parameters, joints); }
    bool operator==(const DynamicSettings& o) const { return fields() == o.fields(); }
    bool operator!=(const DynamicSettings& o) const { return !(*this == o); }

    const OscillationParameters& oscillation_of(int joint) const {
        return joint < static_cast<int>(joints.size()) && joints[joint].override_oscillation
                   ? joints[joint].oscillation
                   : parameters.oscillation;
    }
};

}  // namespace dynskin
