#pragma once
// What a Deformer's update computes beside the positions (Deformer::set_outputs).

namespace dynskin {

struct DeformerOutputs {
    // normals() and base_normals(). Off, they are not kept up to date (over an LBS base, not
    // computed at all): a host that makes its own (Blender recomputes them from the deformed
    // mesh) saves their cost, the bend's Jacobian among them.
    bool normals = true;
    // bind_space_offsets() (empty while off): per vertex, the offset in bind space that plain
    // LBS of the pose turns into positions() (dynskin/bind_space_offsets.h; a shape key that
    // rides on an armature). Over an LBS base they are made in the skinning's pass over the
    // vertices, from its blended matrices (in float: they are small differences, not
    // differences of large values); over a DQS or dLBS base, or a morphed rest, by
    // bind_space_offsets() from the finished skin.
    bool bind_space_offsets = false;
};

}  // namespace dynskin
