// Soft studio lighting (key, fill, sky/ground ambient, rim) on the base colour (material
// factor x vertex colour x texture, with glTF's alpha modes), or a colour map of a per-vertex
// scalar (bend weight, skinning weight, displacement), or a flat colour.

in vec3 world_position;
in vec3 world_normal;
in vec2 texture_uv;
in vec4 vertex_color;
in float vertex_scalar;

uniform vec3 camera_position;
uniform vec3 key_direction;     // toward the key light, set from the camera: the side we see is lit
uniform int shading;            // 0 lit base colour, 1 lit colour map, 2 flat colour
uniform vec4 base_color;        // base colour factor, or the flat colour
uniform bool has_texture;
uniform sampler2D base_texture;
uniform int alpha_mode;         // 0 opaque, 1 mask (alpha_cutoff), 2 blend
uniform float alpha_cutoff;
uniform vec2 scalar_range;      // values mapped to the ends of the colour map
uniform bool diverging;         // blue - white - red around 0 instead of a sequential map

out vec4 frag_color;

vec3 sequential(float t) {  // dark blue -> teal -> yellow, perceptually even enough
    t = clamp(t, 0.0, 1.0);
    vec3 a = vec3(0.13, 0.09, 0.38), b = vec3(0.09, 0.55, 0.55), c = vec3(0.99, 0.90, 0.20);
    return t < 0.5 ? mix(a, b, t * 2.0) : mix(b, c, t * 2.0 - 1.0);
}

vec3 diverging_map(float t) {  // t in [-1, 1]
    t = clamp(t, -1.0, 1.0);
    vec3 white = vec3(0.93);
    return t < 0.0 ? mix(white, vec3(0.15, 0.35, 0.85), -t) : mix(white, vec3(0.85, 0.18, 0.15), t);
}

void main() {
    if (shading == 2) {
        frag_color = base_color;
        return;
    }
    vec3 n = normalize(world_normal);
    vec3 v = normalize(camera_position - world_position);
    if (dot(n, v) < 0.0) n = -n;  // double-sided

    vec3 albedo;
    float alpha = 1.0;
    if (shading == 1) {
        float s = vertex_scalar;
        albedo = diverging ? diverging_map(s / max(abs(scalar_range.x), abs(scalar_range.y)))
                           : sequential((s - scalar_range.x) / max(scalar_range.y - scalar_range.x, 1e-6));
    } else {
        vec4 c = base_color * vertex_color;
        if (has_texture) c *= texture(base_texture, texture_uv);
        if (alpha_mode == 1 && c.a < alpha_cutoff) discard;
        if (alpha_mode == 2) alpha = c.a;
        albedo = c.rgb;
    }

    vec3 key = normalize(key_direction);
    vec3 fill = normalize(vec3(-key.x, 0.3, -key.z));
    float diffuse = max(dot(n, key), 0.0) * 0.85 + max(dot(n, fill), 0.0) * 0.25;
    vec3 ambient = mix(vec3(0.22, 0.2, 0.18), vec3(0.32, 0.36, 0.42), n.y * 0.5 + 0.5);
    vec3 h = normalize(key + v);
    float specular = pow(max(dot(n, h), 0.0), 48.0) * 0.18;
    float rim = pow(1.0 - max(dot(n, v), 0.0), 3.0) * 0.25;
    vec3 color = albedo * (ambient + diffuse) + vec3(specular + rim);
    frag_color = vec4(color, alpha);
}
