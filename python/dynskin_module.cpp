// The Python module `dynskin`: dynskin's core from Python, with numpy arrays in and out.
// Characters load from glTF or are built from arrays; a Deformer plays a clip or the poses
// it is given and exposes the deformed skin as read-only (N, 3) float32 views of its own
// buffers (no copy; they show the latest update). The heavy work runs without the GIL.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>

#include "dynskin/bake.h"
#include "dynskin/bind_space_offsets.h"
#include "dynskin/character_arrays.h"
#include "dynskin/deformer.h"
#include "dynskin/deformer_batch.h"
#include "dynskin/gltf_bake_writer.h"
#include "dynskin/gltf_loader.h"
#include "dynskin/linear_blend_skinning.h"
#include "dynskin/measurement_clock.h"
#include "dynskin/pose_frames.h"
#include "dynskin/settings_json.h"
#include "dynskin/rig_defaults.h"
#include "dynskin/settings_schema.h"

namespace py = pybind11;
using namespace dynskin;

namespace {

using FloatArray = py::array_t<float, py::array::c_style | py::array::forcecast>;
using IndexArray = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>;

// A character and what came with it; shared by the deformers made from it, which need it alive.
using SharedCharacter = std::shared_ptr<io::LoadedCharacter>;

// A read-only (N, 3) float32 view of vec3s, kept alive by `owner`.
py::array vec3_view(const std::vector<glm::vec3>& v, py::handle owner) {
    static_assert(sizeof(glm::vec3) == 3 * sizeof(float), "glm::vec3 must be three packed floats");
    py::array a(py::dtype::of<float>(), {py::ssize_t(v.size()), py::ssize_t(3)},
                {py::ssize_t(sizeof(glm::vec3)), py::ssize_t(sizeof(float))}, reinterpret_cast<const float*>(v.data()),
                owner);
    a.attr("flags").attr("writeable") = false;
    return a;
}

// Checks a numpy array's shape: `rows` (-1: any) by the given trailing dimensions.
void expect_shape(const py::array& a, const char* name, py::ssize_t rows, std::initializer_list<py::ssize_t> tail) {
    bool ok = a.ndim() == py::ssize_t(1 + tail.size()) && (rows < 0 || a.shape(0) == rows);
    std::size_t d = 1;
    for (py::ssize_t t : tail) ok = ok && a.shape(d++) == t;
    if (ok) return;
    std::string want = "(" + (rows < 0 ? std::string("N") : std::to_string(rows));
    for (py::ssize_t t : tail) want += ", " + std::to_string(t);
    throw py::value_error(std::string(name) + " must have shape " + want + ")");
}

std::vector<glm::vec3> to_vec3s(const FloatArray& a, const char* name, py::ssize_t rows = -1) {
    expect_shape(a, name, rows, {3});
    std::vector<glm::vec3> out(a.shape(0));
    const float* p = a.data();
    for (std::size_t i = 0; i < out.size(); ++i) {
        out[i] = glm::vec3(p[3 * i], p[3 * i + 1], p[3 * i + 2]);
        if (!std::isfinite(out[i].x) || !std::isfinite(out[i].y) || !std::isfinite(out[i].z))
            throw py::value_error(std::string(name) + " row " + std::to_string(i) + " is not finite");
    }
    return out;
}

std::vector<glm::mat4> to_matrices(const FloatArray& a, const char* name, py::ssize_t rows) {
    expect_shape(a, name, rows, {4, 4});
    std::vector<glm::mat4> out(a.shape(0));
    const float* p = a.data();
    for (std::size_t j = 0; j < out.size(); ++j)
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 4; ++c) out[j][c][r] = p[16 * j + 4 * r + c];  // numpy rows, glm columns
    return out;
}

// The character's whole object (Pose::object) from its (4, 4) world matrix, or identity for
// None.
Trs object_of(const std::optional<FloatArray>& matrix) {
    Trs object;
    if (!matrix) return object;
    if (matrix->ndim() != 2 || matrix->shape(0) != 4 || matrix->shape(1) != 4)
        throw py::value_error("object_matrix must have shape (4, 4)");
    const float* p = matrix->data();
    glm::dmat4 m;
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c) m[c][r] = p[4 * r + c];  // numpy rows, glm columns
    if (!decompose(m, object)) throw py::value_error("object_matrix is singular or not finite");
    return object;
}

// Row-major (J, 4, 4) from glm's column-major matrices.
py::array_t<float> from_matrices(const std::vector<glm::mat4>& m) {
    py::array_t<float> a({py::ssize_t(m.size()), py::ssize_t(4), py::ssize_t(4)});
    float* p = a.mutable_data();
    for (std::size_t j = 0; j < m.size(); ++j)
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 4; ++c) p[16 * j + 4 * r + c] = m[j][c][r];
    return a;
}

float finite_value(float v, const char* name) {
    if (!std::isfinite(v)) throw py::value_error(std::string(name) + " must be a finite number");
    return v;
}

// A number typed for a row's property, refused as the table says: "amplitude must be within
// -10 to 10 s". Checked as the double Python gave, before it is rounded to the float stored.
template <class Spec>
double usable(const Spec& spec, double value) {
    const std::string problem = spec.problem(value);
    if (!problem.empty()) throw py::value_error(std::string(spec.name) + " " + problem);
    return value;
}

// "'lbs', 'drag' or 'dynamic'"
std::string quoted_choices(const ParameterSpec& spec) {
    std::string out;
    for (std::size_t i = 0; i < spec.choices.size(); ++i)
        out += (i == 0 ? "" : i + 1 == spec.choices.size() ? " or " : ", ") + std::string("'") + spec.choices[i].name + "'";
    return out;
}

std::string with_unit(const char* description, const char* unit) {
    return *unit ? std::string(description) + " (" + unit + ")" : std::string(description);
}

// The docstring: the table's description, then the unit, or each choice and what it means.
std::string doc_of(const ParameterSpec& spec) {
    std::string doc = with_unit(spec.description, spec.unit);
    if (spec.off == ParameterOff::AtInfinity) doc += "; inf: off";
    if (spec.off == ParameterOff::AtZero) doc += "; <= 0 or inf: off";
    for (const ParameterChoice& choice : spec.choices) doc += std::string(". '") + choice.name + "': " + choice.description;
    return doc;
}

const char* choice_name(const ParameterSpec& spec, const DynamicParameters& p) {
    return spec.choices[static_cast<std::size_t>(spec.get(p))].name;
}

// One property per row of the parameter table: numbers as floats (within the row's range, or
// off), choices as their names.
void add_parameter_properties(py::class_<DynamicSettings>& cls) {
    for (const ParameterSpec& row : parameter_table()) {
        const ParameterSpec* spec = &row;  // the table lives as long as the module
        if (spec->is_choice())
            cls.def_property(
                spec->name, [spec](const DynamicSettings& s) { return choice_name(*spec, s.parameters); },
                [spec](DynamicSettings& s, const std::string& v) {
                    const int index = spec->choice_index(v);
                    if (index < 0)
                        throw py::value_error(std::string(spec->name) + " must be " + quoted_choices(*spec) + ", not '" + v + "'");
                    spec->set(s.parameters, index);
                },
                doc_of(*spec).c_str());
        else
            cls.def_property(
                spec->name, [spec](const DynamicSettings& s) { return static_cast<float>(spec->get(s.parameters)); },
                [spec](DynamicSettings& s, double v) { spec->set(s.parameters, usable(*spec, v)); }, doc_of(*spec).c_str());
    }
}

// The joint's own f, tau, A and D: the parameter table's per-joint rows, on its `oscillation`.
void add_joint_oscillation_properties(py::class_<JointSettings>& cls, OscillationParameters JointSettings::*oscillation) {
    for (const ParameterSpec& row : parameter_table()) {
        if (!row.oscillation) continue;
        const ParameterSpec* spec = &row;
        cls.def_property(
            spec->name, [spec, oscillation](const JointSettings& j) { return (j.*oscillation).*spec->oscillation; },
            [spec, oscillation](JointSettings& j, double v) {
                (j.*oscillation).*spec->oscillation = static_cast<float>(usable(*spec, v));
            },
            (doc_of(*spec) + "; this joint's own, used when override_oscillation is on").c_str());
    }
}

// A motion switches row's two flags: bend_rotation and bend_translation.
struct MotionSwitch {
    const char* suffix;
    const char* which;  // what drives the effect: "its turn"
    bool MotionSwitches::*member;
};
constexpr MotionSwitch kMotionSwitches[] = {{"rotation", "its turn", &MotionSwitches::rotation},
                                            {"translation", "its translation", &MotionSwitches::translation}};

// One property per row of the joint table, named as the row (gain, origin_offset), but for
// the oscillation row, which is the joint's frequency, damping, amplitude and drag, and a
// motion switches row, which is two flags (bend_rotation, bend_translation).
void add_joint_setting_properties(py::class_<JointSettings>& cls) {
    for (const JointSettingSpec& row : joint_setting_table()) {
        const JointSettingSpec* spec = &row;
        const std::string doc = with_unit(spec->description, spec->unit);
        switch (spec->kind) {
        case JointSettingKind::Number:
            cls.def_property(
                spec->name, [spec](const JointSettings& j) { return j.*spec->number; },
                [spec](JointSettings& j, double v) { j.*spec->number = static_cast<float>(usable(*spec, v)); }, doc.c_str());
            break;
        case JointSettingKind::Flag:
            cls.def_property(
                spec->name, [spec](const JointSettings& j) { return j.*spec->flag; },
                [spec](JointSettings& j, bool v) { j.*spec->flag = v; }, doc.c_str());
            break;
        case JointSettingKind::Oscillation: add_joint_oscillation_properties(cls, spec->oscillation); break;
        case JointSettingKind::Vector:
            cls.def_property(
                spec->name,
                [spec](const JointSettings& j) {
                    const glm::vec3& v = j.*spec->vector;
                    return std::array<float, 3>{v.x, v.y, v.z};
                },
                [spec](JointSettings& j, std::array<float, 3> v) {
                    for (float c : v) finite_value(c, spec->name);
                    j.*spec->vector = glm::vec3(v[0], v[1], v[2]);
                },
                (doc + "; three numbers").c_str());
            break;
        case JointSettingKind::MotionSwitches:
            for (const MotionSwitch& motion : kMotionSwitches) {
                const std::string name = std::string(spec->name) + "_" + motion.suffix;
                const auto member = motion.member;
                cls.def_property(
                    name.c_str(), [spec, member](const JointSettings& j) { return (j.*spec->switches).*member; },
                    [spec, member](JointSettings& j, bool v) { (j.*spec->switches).*member = v; },
                    (doc + " (this switch: " + motion.which + ")").c_str());
            }
            break;
        }
    }
}

py::object text_or_none(const char* text) { return text ? py::object(py::str(text)) : py::none(); }

// The tables as Python data (dynskin.parameter_table(), dynskin.joint_setting_table()): what
// the Blender add-on's properties are made from, and what a tool can build its own panel from.
py::list parameter_table_as_python() {
    const DynamicParameters defaults;
    py::list rows;
    for (const ParameterSpec& spec : parameter_table()) {
        py::list choices;
        for (const ParameterChoice& c : spec.choices)
            choices.append(py::dict(py::arg("name") = c.name, py::arg("label") = c.label,
                                    py::arg("description") = c.description, py::arg("old_name") = text_or_none(c.old_name)));
        const char* off = name_of(spec.off);
        rows.append(py::dict(
            py::arg("name") = spec.name, py::arg("json_key") = spec.json_key, py::arg("link_key") = spec.link_key,
            py::arg("old_link_key") = text_or_none(spec.old_link_key), py::arg("cli_option") = spec.cli_option,
            py::arg("unit") = spec.unit, py::arg("description") = spec.description,
            py::arg("choices") = choices, py::arg("min") = spec.min, py::arg("max") = spec.max,
            py::arg("slider_min") = spec.slider_min, py::arg("slider_max") = spec.slider_max,
            py::arg("logarithmic_slider") = spec.logarithmic_slider, py::arg("non_negative") = spec.non_negative,
            py::arg("off") = off, py::arg("on_value") = spec.on_value, py::arg("missing_means_off") = spec.missing_means_off,
            py::arg("default") = spec.is_choice() ? py::object(py::str(choice_name(spec, defaults)))
                                                  : py::object(py::float_(static_cast<float>(spec.default_value))),
            py::arg("per_joint") = spec.oscillation != nullptr));
    }
    return rows;
}

// As dynskin-cli tables' joint_settings: a number's range and default, a flag's default.
py::list joint_setting_table_as_python() {
    py::list rows;
    for (const JointSettingSpec& spec : joint_setting_table()) {
        py::dict row(py::arg("name") = spec.name, py::arg("kind") = name_of(spec.kind), py::arg("unit") = spec.unit,
                     py::arg("description") = spec.description);
        if (spec.kind == JointSettingKind::Number) {
            row["min"] = spec.min;
            row["max"] = spec.max;
            row["slider_min"] = spec.slider_min;
            row["slider_max"] = spec.slider_max;
            row["default"] = static_cast<float>(spec.default_value);
        } else if (spec.kind == JointSettingKind::Flag) {
            row["default"] = spec.default_value != 0.0;
        }
        rows.append(row);
    }
    return rows;
}

// A painted layer as an (N,) array; an empty layer (uniform 1) as ones.
py::array_t<float> layer_copy(const std::vector<float>& layer, const io::LoadedCharacter& c) {
    py::array_t<float> a(py::ssize_t(c.character.mesh.vertex_count()));
    for (py::ssize_t i = 0; i < a.size(); ++i) a.mutable_data()[i] = SkinnedMesh::layer_value(layer, std::size_t(i));
    return a;
}

// Paints a layer of a character with an (N,) array of finite values, N its vertex count.
void paint(io::LoadedCharacter& c, std::vector<float>& layer, const FloatArray& values, const char* name) {
    expect_shape(values, name, py::ssize_t(c.character.mesh.vertex_count()), {});
    std::vector<float> painted(values.data(), values.data() + values.size());
    for (float v : painted) finite_value(v, name);
    layer = std::move(painted);
}

// Character.from_arrays: numpy's shapes checked here, everything else by character_from_arrays.
SharedCharacter py_character_from_arrays(const FloatArray& positions, const IndexArray& triangles,
                                      const IndexArray& joints, const FloatArray& weights, const IndexArray& parents,
                                      const FloatArray& rest, std::optional<FloatArray> inverse_binds,
                                      std::optional<FloatArray> normals, std::optional<std::vector<std::string>> names,
                                      const std::string& name) {
    CharacterArrays a;
    a.name = name;
    expect_shape(parents, "parents", -1, {});
    const py::ssize_t joint_count = parents.shape(0);
    a.parents.assign(parents.data(), parents.data() + joint_count);
    a.rest = to_matrices(rest, "rest", joint_count);
    if (inverse_binds) a.inverse_binds = to_matrices(*inverse_binds, "inverse_binds", joint_count);
    if (names) a.joint_names = *names;
    expect_shape(positions, "positions", -1, {3});
    const py::ssize_t n = positions.shape(0);
    const float* p = positions.data();
    for (py::ssize_t i = 0; i < n; ++i) a.positions.emplace_back(p[3 * i], p[3 * i + 1], p[3 * i + 2]);
    if (normals) a.normals = to_vec3s(*normals, "normals", n);
    expect_shape(triangles, "triangles", -1, {3});
    for (py::ssize_t k = 0; k < triangles.size(); ++k) {
        const std::int64_t v = triangles.data()[k];
        if (v < 0 || v >= n) throw py::value_error("triangles refer to vertex " + std::to_string(v) + " of " + std::to_string(n));
        a.triangles.push_back(std::uint32_t(v));
    }
    if (joints.ndim() != 2 || joints.shape(0) != n) throw py::value_error("joints must have shape (N, K), N the vertex count");
    expect_shape(weights, "weights", n, {joints.shape(1)});
    a.influences_per_vertex = int(joints.shape(1));
    a.joints.assign(joints.data(), joints.data() + joints.size());
    a.weights.assign(weights.data(), weights.data() + weights.size());
    auto loaded = std::make_shared<io::LoadedCharacter>();
    loaded->character = dynskin::character_from_arrays(a);  // std::invalid_argument: a ValueError
    loaded->file_vertex_count = loaded->character.mesh.vertex_count();
    loaded->file_triangle_count = loaded->character.mesh.triangle_count();
    return loaded;
}

// A clip by name or index; None: none.
std::optional<std::size_t> clip_index(const Character& c, const py::object& clip) {
    if (clip.is_none()) return std::nullopt;
    if (py::isinstance<py::str>(clip)) {
        const std::string name = clip.cast<std::string>();
        for (std::size_t k = 0; k < c.clips.size(); ++k)
            if (c.clips[k].name == name) return k;
        throw py::value_error("no clip named '" + name + "'");
    }
    const long k = clip.cast<long>();
    if (k < 0 || k >= long(c.clips.size()))
        throw py::index_error("clip " + std::to_string(k) + " of " + std::to_string(c.clips.size()));
    return std::size_t(k);
}

// A Deformer with its character, the settings it plays with, and the clip it plays.
class PyDeformer {
public:
    PyDeformer(SharedCharacter character, std::optional<DynamicSettings> settings)
        : character_(std::move(character)),
          settings_(settings ? *settings : saved_or_unseen_rig_settings(character_->settings, character_->character)),
          deformer_(character_->character),
          frames_(character_->character.skeleton.joint_count()) {
        if (!character_->character.clips.empty()) clip_ = 0;
    }

    void update_clip(double t) {
        if (!std::isfinite(t)) throw py::value_error("t must be a finite number");
        py::gil_scoped_release unlocked;
        deformer_.update(t, playing(), settings_);
    }

    // What update(t) plays: the clip (its sampler made again, and the motion forgotten, when
    // the clip or the loop changed), else the rest pose.
    const PoseSampler& playing() {
        const Character& c = character_->character;
        if (!clip_) {
            if (!rest_) rest_ = [&c](double, Pose& pose) { pose.local = c.skeleton.rest; };
            return rest_;
        }
        if (!sampler_ || sampled_clip_ != *clip_ || sampled_loop_ != loop_) {
            sampler_ = clip_sampler(c.skeleton, c.clips[*clip_], loop_);
            sampled_clip_ = *clip_, sampled_loop_ = loop_;
            deformer_.reset();
        }
        return sampler_;
    }

    // skin=false: the joint half alone (a preroll, or frames nobody looks at): the skin is
    // not deformed, and a later frame's skin is the same as if every frame had been, since
    // the per-vertex stage keeps no history. The frames are kept here rather than in the
    // Deformer so that both halves read the same ones.
    // The joints' local transforms from matrices given in a space ("world" or "local").
    std::vector<Trs> locals_of(const FloatArray& matrices, const std::string& space) const {
        const Skeleton& skeleton = character_->character.skeleton;
        const std::vector<glm::mat4> m = to_matrices(matrices, "matrices", skeleton.joint_count());
        std::vector<Trs> locals;
        try {
            if (space == "world") {
                locals = locals_from_globals(skeleton, m);
            } else if (space == "local") {
                locals.resize(m.size());
                for (std::size_t j = 0; j < m.size(); ++j)
                    if (!decompose(glm::dmat4(m[j]), locals[j]))
                        throw std::invalid_argument("matrix " + std::to_string(j) + " is singular or not finite");
            } else {
                throw py::value_error("space must be 'world' or 'local', not '" + space + "'");
            }
        } catch (const std::invalid_argument& e) {
            throw py::value_error(e.what());
        }
        return locals;
    }

    // Keeps a pose as the frame at time t (what update(t, matrices) and update_all's
    // matrices give the deformer's clock).
    void add_frame(double t, const std::vector<Trs>& locals, const Trs& object) {
        try {
            frames_.add(t, locals, object);
        } catch (const std::invalid_argument& e) {
            throw py::value_error(e.what());
        }
    }

    void update_matrices(double t, const FloatArray& matrices, const std::string& space, bool skin,
                         const std::optional<FloatArray>& object_matrix) {
        if (!std::isfinite(t)) throw py::value_error("t must be a finite number");
        add_frame(t, locals_of(matrices, space), object_of(object_matrix));
        py::gil_scoped_release unlocked;
        if (skin)
            deformer_.update(t, frames_.sampler(), settings_);
        else
            deformer_.update_joints(t, frames_.sampler(), settings_);
    }

    // update(t, matrices, skin=False) for many frames in one call: a preroll costs the joint
    // level alone, not a Python call a frame. Every pose is converted before any is used.
    void preroll(const std::vector<double>& times, const std::vector<FloatArray>& matrices,
                 const std::optional<std::vector<FloatArray>>& object_matrices) {
        if (times.size() != matrices.size())
            throw py::value_error("preroll: " + std::to_string(times.size()) + " times for " +
                                  std::to_string(matrices.size()) + " poses");
        if (object_matrices && object_matrices->size() != times.size())
            throw py::value_error("preroll: " + std::to_string(object_matrices->size()) + " object matrices for " +
                                  std::to_string(times.size()) + " times");
        std::vector<std::vector<Trs>> locals;
        std::vector<Trs> objects;
        locals.reserve(times.size());
        for (std::size_t k = 0; k < times.size(); ++k) {
            if (!std::isfinite(times[k])) throw py::value_error("t must be a finite number");
            locals.push_back(locals_of(matrices[k], "world"));
            objects.push_back(object_of(object_matrices ? std::optional<FloatArray>((*object_matrices)[k]) : std::nullopt));
        }
        for (std::size_t k = 0; k < times.size(); ++k) {
            add_frame(times[k], locals[k], objects[k]);
            deformer_.update_joints(times[k], frames_.sampler(), settings_);
        }
    }

    void reset() {
        deformer_.reset();
        frames_.clear();
    }

    void set_clip(const py::object& clip) { clip_ = clip_index(character_->character, clip); }

    // A joint by index or name.
    std::size_t joint_index(const py::object& key) const {
        const Skeleton& skeleton = character_->character.skeleton;
        if (py::isinstance<py::str>(key)) {
            const std::string name = key.cast<std::string>();
            for (int j = 0; j < skeleton.joint_count(); ++j)
                if (skeleton.names[j] == name) return std::size_t(j);
            throw py::value_error("no joint named '" + name + "'");
        }
        const long j = key.cast<long>();
        if (j < 0 || j >= skeleton.joint_count())
            throw py::index_error("joint " + std::to_string(j) + " of " + std::to_string(skeleton.joint_count()));
        return std::size_t(j);
    }

    py::object clip() const {
        if (!clip_) return py::none();
        return py::str(character_->character.clips[*clip_].name);
    }

    SharedCharacter character_;
    DynamicSettings settings_;
    Deformer deformer_;
    PoseFrames frames_;  // the poses given to update(t, matrices)
    std::optional<std::size_t> clip_;
    bool loop_ = true;

private:
    PoseSampler sampler_, rest_;
    std::size_t sampled_clip_ = 0;
    bool sampled_loop_ = true;
};

}  // namespace

PYBIND11_MODULE(dynskin, m) {
    m.doc() = "Dynamic Skinning (Rohmer et al., IEEE TVCG 2026) on skinned characters: damped oscillations and drag "
              "added to linear blend skinning, delayed LBS, and Velocity Skinning's squash & stretch. "
              "Load a glTF (load) or build a Character from numpy arrays, make a Deformer, update it at any times, "
              "read positions and normals as numpy arrays.";

    // A glTF file that cannot be loaded (a ValueError); the message names the problem.
    py::register_exception<io::LoadError>(m, "LoadError", PyExc_ValueError).attr("__doc__") =
        "Raised by load() for a file that cannot be loaded (missing, not glTF, broken, or not a skinned "
        "character); the message names the problem. A ValueError.";

    py::class_<DynamicSettings> settings(m, "Settings",
                                "What the user tunes: the method's global parameters (and per-joint settings, kept as "
                                "they were loaded). Values are in the viewer's units: f in Hz, tau, A, D and squash in "
                                "seconds, c and max_offset in character sizes.");
    add_parameter_properties(settings);
    m.def("character_size", [](const FloatArray& joints, const FloatArray& skin) {
              return character_size(to_vec3s(joints, "joints"), to_vec3s(skin, "skin"));
          }, py::arg("joints"), py::arg("skin"),
          "The character size L measured on rest positions in the world, (J, 3) joints and (N, 3) skin: for a "
          "character of several meshes on one skeleton (give every mesh's vertices), then set as Character.size");
    m.def("settings_for", [](const io::LoadedCharacter& c, const py::object& clip) {
              const std::optional<std::size_t> k = clip_index(c.character, clip);
              const AnimationClip* sized_to = k ? &c.character.clips[*k] : nullptr;
              py::gil_scoped_release unlocked;  // sizing plays the clip a few times
              return saved_or_unseen_rig_settings(c.settings, c.character, sized_to);
          }, py::arg("character"), py::arg("clip") = py::none(),
          "The settings saved in the character's file, else those of a rig without settings: the method's defaults "
          "with the ground contact on and, given a clip (name or index), A, D and the translation gain sized to it "
          "(its largest offset about 0.08 of the size, as the viewer does). Deformer(character) starts with "
          "settings_for(character)");
    m.def("parameter_table", &parameter_table_as_python,
          "Every global parameter of Settings as a dict: its name in each front end (json_key, link_key and the "
          "old_link_key links once said, cli_option), unit, range (min, max; slider_min, slider_max), default, "
          "description and choices");
    settings.def(py::init<>(), "The defaults: Dynamic Skinning with f = 2 Hz, tau = 0.4 s, A = 0.15, D = 0.1, safe limits on.")
        .def_property("dual_quaternion", [](const DynamicSettings& s) { return s.parameters.base == SkinningBase::DualQuaternion; },
                      [](DynamicSettings& s, bool v) { s.parameters.base = v ? SkinningBase::DualQuaternion : SkinningBase::Linear; },
                      "Dual quaternion skinning as the base instead of LBS (base == 'dq')")
        .def("to_json", &io::settings_to_json_text, "The settings as the viewer saves them (JSON text)")
        .def_static("from_json", [](const std::string& text) {
            try {
                return io::settings_from_json_text(text);
            } catch (const io::SettingsError& e) {
                throw py::value_error(std::string("not dynskin settings: ") + e.what());
            }
        }, py::arg("text"), "Settings from the JSON the viewer saves")
        .def_static("load_preset", [](const std::string& path) {
            DynamicSettings s;
            try {
                s.parameters = io::load_preset(path);
            } catch (const io::SettingsError& e) {
                throw py::value_error(e.what());
            }
            return s;
        }, py::arg("path"), "The global parameters of a preset file (or of saved settings), per-joint settings default")
        .def("save_preset", [](const DynamicSettings& s, const std::string& path) {
            try {
                io::save_preset(path, s.parameters);
            } catch (const io::SettingsError& e) {
                throw py::value_error(e.what());
            }
        }, py::arg("path"), "Saves the global parameters as a preset the viewer opens")
        .def("__eq__", [](const DynamicSettings& a, const DynamicSettings& b) { return a == b; })
        .def("__repr__", [](const DynamicSettings& s) {
            const OscillationParameters& o = s.parameters.oscillation;
            return "<dynskin.Settings " + std::string(choice_name(parameter("mode"), s.parameters)) + " f=" + std::to_string(o.frequency) +
                   " tau=" + std::to_string(o.damping) + " A=" + std::to_string(o.amplitude) + " D=" + std::to_string(o.drag) + ">";
        });

    py::class_<JointSettings> joint_settings(m, "JointSettings",
                              "One joint's own settings (Deformer.joint / Deformer.set_joint): its gain, its own "
                              "oscillation, its flexible origin and which of its motions bend or squash.");
    add_joint_setting_properties(joint_settings);
    m.def("joint_setting_table", &joint_setting_table_as_python,
          "Every setting of a joint (JointSettings) as a dict: name, kind ('number', 'flag', 'oscillation': "
          "the parameter table's per-joint rows, 'vector', 'motion_switches': name_rotation and "
          "name_translation), unit and description; a number's range (min, max; slider_min, slider_max) and "
          "default, a flag's default");
    joint_settings.def(py::init<>())
        .def("__eq__", [](const JointSettings& a, const JointSettings& b) { return a == b; });

    py::class_<io::LoadedCharacter, SharedCharacter>(m, "Character",
                                                     "A skinned character: skeleton, skin, clips and the painted layers.")
        .def_static("from_arrays", &py_character_from_arrays, py::arg("positions"), py::arg("triangles"), py::arg("joints"),
                    py::arg("weights"), py::arg("parents"), py::arg("rest"), py::arg("inverse_binds") = py::none(),
                    py::arg("normals") = py::none(), py::arg("names") = py::none(), py::arg("name") = "character",
                    "A character from arrays: positions (N, 3); triangles (T, 3) vertex indices; joints and weights "
                    "(N, K): each vertex's joints and weights (weights >= 0 summing to 1, zero weights ignored); "
                    "parents (J,): each joint's parent index, before it, or -1; rest (J, 4, 4): each joint's "
                    "parent-local rest transform; inverse_binds (J, 4, 4), default: bound at the rest pose; normals "
                    "(N, 3), default: computed from the triangles. Raises ValueError naming what is wrong.")
        .def_property_readonly("name", [](const io::LoadedCharacter& c) { return c.character.name; })
        .def_property_readonly("vertex_count", [](const io::LoadedCharacter& c) { return c.character.mesh.vertex_count(); })
        .def_property_readonly("joint_count", [](const io::LoadedCharacter& c) { return c.character.skeleton.joint_count(); })
        .def_property_readonly("joint_names", [](const io::LoadedCharacter& c) { return c.character.skeleton.names; })
        .def_property_readonly("parents", [](const io::LoadedCharacter& c) { return c.character.skeleton.parents; })
        .def_property_readonly("clips", [](const io::LoadedCharacter& c) {
            py::list clips;
            for (const AnimationClip& clip : c.character.clips) clips.append(py::make_tuple(clip.name, clip.duration));
            return clips;
        }, "(name, duration in seconds) of each clip")
        .def_property("size", [](const io::LoadedCharacter& c) { return size_of(c.character); },
            [](io::LoadedCharacter& c, float size) {
                if (!(size > 0.0f) || !std::isfinite(size)) throw py::value_error("size must be a finite size > 0");
                c.character.size = size;
            },
            "The character size L that presets scale with: measured (the skeleton's extent, or the skin's), or "
            "given, for a character of several meshes (deformers made afterwards use it)")
        .def_property("up_axis", [](const io::LoadedCharacter& c) { return c.character.up_axis; },
            [](io::LoadedCharacter& c, int axis) {
                if (axis < 0 || axis > 2) throw py::value_error("up_axis must be 0 (x), 1 (y) or 2 (z)");
                c.character.up_axis = axis;
            },
            "The up axis of the skin's space, for the ground contact: 1 (y, glTF's) unless set; Blender's is 2 (z)")
        .def_property("ground", [](const io::LoadedCharacter& c) { return ground_of(c.character); },
            [](io::LoadedCharacter& c, std::optional<float> ground) {
                if (ground && !std::isfinite(*ground)) throw py::value_error("ground must be a finite height, or None");
                c.character.ground = ground ? *ground : std::numeric_limits<float>::quiet_NaN();
            },
            "The ground's height along up_axis, for the ground contact: the rest pose's lowest point, or given "
            "(for a character of several meshes, the lowest of them all); None measures it again")
        .def_property_readonly("rest_positions", [](py::object self) {
            return vec3_view(self.cast<const io::LoadedCharacter&>().character.mesh.rest_positions, self);
        }, "(N, 3) float32, the bind-pose positions (read-only view)")
        .def_property_readonly("triangles", [](const io::LoadedCharacter& c) {
            const std::vector<std::uint32_t>& t = c.character.mesh.triangles;
            py::array_t<std::uint32_t> a({py::ssize_t(t.size() / 3), py::ssize_t(3)});
            std::copy(t.begin(), t.end(), a.mutable_data());
            return a;
        }, "(T, 3) uint32 vertex indices")
        .def_property("bend_weights", [](const io::LoadedCharacter& c) { return layer_copy(c.character.mesh.bend_weights, c); },
                      [](io::LoadedCharacter& c, const FloatArray& v) { paint(c, c.character.mesh.bend_weights, v, "bend_weights"); },
                      "The painted bend weight gamma per vertex (a copy; assign an (N,) array to paint: 0 rigid, 1 "
                      "the default, negative values anticipate)")
        .def_property("floppy_weights", [](const io::LoadedCharacter& c) { return layer_copy(c.character.mesh.floppy_weights, c); },
                      [](io::LoadedCharacter& c, const FloatArray& v) { paint(c, c.character.mesh.floppy_weights, v, "floppy_weights"); },
                      "Velocity Skinning's floppy layer per vertex: scales the drag within the bend (a copy; 1 by default)")
        .def_property("squash_weights", [](const io::LoadedCharacter& c) { return layer_copy(c.character.mesh.squash_weights, c); },
                      [](io::LoadedCharacter& c, const FloatArray& v) { paint(c, c.character.mesh.squash_weights, v, "squash_weights"); },
                      "Velocity Skinning's squash layer per vertex: scales the squash & stretch (a copy; 1 by default)")
        .def_property_readonly("settings", [](const io::LoadedCharacter& c) { return c.settings; },
                               "The settings saved in the file, or None")
        .def_property_readonly("warnings", [](const io::LoadedCharacter& c) { return c.warnings; })
        .def("__repr__", [](const io::LoadedCharacter& c) {
            return "<dynskin.Character '" + c.character.name + "' " + std::to_string(c.character.mesh.vertex_count()) +
                   " vertices, " + std::to_string(c.character.skeleton.joint_count()) + " joints, " +
                   std::to_string(c.character.clips.size()) + " clips>";
        });

    m.def("load", [](const std::string& path) {
        py::gil_scoped_release unlocked;
        return std::make_shared<io::LoadedCharacter>(io::load_gltf(path));
    }, py::arg("path"), "Loads a skinned glTF (.gltf or .glb). Raises dynskin.LoadError naming the problem.");

    py::class_<PyDeformer>(m, "Deformer",
                           "Dynamic Skinning of one character, frame after frame. update(t) plays the chosen clip (or "
                           "the rest pose); update(t, matrices) takes the joints' transforms from your own animation. "
                           "Times may come at any rate: the joints are measured on a fixed 60 Hz clock.")
        .def(py::init<SharedCharacter, std::optional<DynamicSettings>>(), py::arg("character"),
             py::arg("settings") = py::none(),
             "settings: default dynskin.settings_for(character): the ones saved in its file, else those of a rig without settings")
        .def_readwrite("settings", &PyDeformer::settings_, "The Settings used by the next update (edit them live)")
        .def_property("clip", &PyDeformer::clip, &PyDeformer::set_clip,
                      "The clip update(t) plays: a name or an index to set, None for the rest pose; its name when read")
        .def_readwrite("loop", &PyDeformer::loop_, "Whether update(t) loops the clip (default True)")
        .def("update", &PyDeformer::update_clip, py::arg("t"), "Advances to time t (seconds) playing the clip")
        .def("update", &PyDeformer::update_matrices, py::arg("t"), py::arg("matrices"), py::arg("space") = "world",
             py::arg("skin") = true, py::arg("object_matrix") = py::none(),
             "Advances to time t with the joints' (J, 4, 4) transforms at t: 'world' matrices (converted to "
             "parent-local) or 'local' (parent-local) ones. The last frames are kept and interpolated for the clock. "
             "skin=False advances the joints alone (a preroll: much faster; positions keep the last skinned frame's, "
             "and the next skinned frame is the same as if every frame had been skinned). object_matrix: the (4, 4) "
             "world matrix of the character's whole object (its parent, a platform), which the world matrices "
             "include, so that settings.object_motion can take its motion out")
        .def("preroll", &PyDeformer::preroll, py::arg("times"), py::arg("matrices"), py::arg("object_matrices") = py::none(),
             "update(t, matrices, skin=False) for each time and its joints' (J, 4, 4) world matrices (and the "
             "object's (4, 4) matrix each, optional), in one call (frames nobody looks at, before the one shown)")
        .def("joint", [](const PyDeformer& d, const py::object& key) {
            const std::size_t j = d.joint_index(key);
            return j < d.settings_.joints.size() ? d.settings_.joints[j] : JointSettings{};
        }, py::arg("joint"), "A copy of a joint's settings (by index or name); change it and give it to set_joint")
        .def("set_joint", [](PyDeformer& d, const py::object& key, const JointSettings& joint) {
            const std::size_t j = d.joint_index(key);
            if (d.settings_.joints.size() <= j) d.settings_.joints.resize(std::size_t(d.character_->character.skeleton.joint_count()));
            d.settings_.joints[j] = joint;
        }, py::arg("joint"), py::arg("settings"), "Sets a joint's settings (by index or name) for the next update")
        .def("reset", &PyDeformer::reset,
             "Forgets the motion (call after a jump in time or a clip change) so no wobble starts")
        .def_property_readonly("positions", [](py::object self) {
            return vec3_view(self.cast<PyDeformer&>().deformer_.positions(), self);
        }, "(N, 3) float32: the deformed skin in world space (a read-only view showing the latest update)")
        .def_property_readonly("normals", [](py::object self) {
            const Deformer& deformer = self.cast<PyDeformer&>().deformer_;
            if (!deformer.outputs().normals)
                throw py::value_error("normals are not computed: add \"normals\" to the deformer's outputs");
            return vec3_view(deformer.normals(), self);
        }, "(N, 3) float32 unit normals (read-only view; while \"normals\" is in outputs)")
        .def_property_readonly("base_positions", [](py::object self) {
            return vec3_view(self.cast<PyDeformer&>().deformer_.base_positions(), self);
        }, "(N, 3) float32: the base skinning (LBS, DQS or dLBS) before the offsets (read-only view)")
        .def_property_readonly("offsets", [](const PyDeformer& d) {
            const std::vector<glm::vec3>& p = d.deformer_.positions();
            const std::vector<glm::vec3>& b = d.deformer_.base_positions();
            py::array_t<float> a({py::ssize_t(p.size()), py::ssize_t(3)});
            float* out = a.mutable_data();
            for (std::size_t i = 0; i < p.size(); ++i)
                for (int c = 0; c < 3; ++c) out[3 * i + c] = p[i][c] - b[i][c];
            return a;
        }, "(N, 3) float32: positions - base_positions (a new array)")
        .def_property_readonly("bind_space_offsets", [](const PyDeformer& d) {
            const Deformer& deformer = d.deformer_;
            const std::vector<glm::vec3>* offsets = &deformer.bind_space_offsets();
            std::vector<glm::vec3> computed;
            if (offsets->empty()) {  // not among the outputs: made now, from the last update's skin
                const SkinnedMesh& mesh = d.character_->character.mesh;
                std::vector<glm::mat4> skinning;
                skinning_matrices(deformer.globals(), mesh.inverse_binds, skinning);
                bind_space_offsets(mesh, skinning, deformer.positions(), deformer.normals(), computed, nullptr);
                offsets = &computed;
            }
            py::array_t<float> a({py::ssize_t(offsets->size()), py::ssize_t(3)});
            std::copy_n(reinterpret_cast<const float*>(offsets->data()), 3 * offsets->size(), a.mutable_data());
            return a;
        }, "(N, 3) float32: the offsets in bind space (before the skinning) that make plain LBS of the pose at the "
           "last update show positions: a shape key or morph target that rides on the armature (a new array; "
           "with \"bind_space_offsets\" in outputs, made by each update, with the skinning where the base is LBS)")
        .def_property("outputs", [](const PyDeformer& d) {
            const DeformerOutputs& o = d.deformer_.outputs();
            std::vector<std::string> names;
            if (o.normals) names.push_back("normals");
            if (o.bind_space_offsets) names.push_back("bind_space_offsets");
            return py::tuple(py::cast(names));
        }, [](PyDeformer& d, const std::vector<std::string>& names) {
            DeformerOutputs o{false, false};
            for (const std::string& name : names) {
                if (name == "normals") o.normals = true;
                else if (name == "bind_space_offsets") o.bind_space_offsets = true;
                else throw py::value_error("outputs: unknown output \"" + name +
                                           "\" (choose among \"normals\" and \"bind_space_offsets\")");
            }
            d.deformer_.set_outputs(o);
        }, "What each update computes beside the positions: a tuple of \"normals\" (the default) and "
           "\"bind_space_offsets\" (made with the skinning, cheaper than asking for them after). Leave out the "
           "normals where the host makes its own (Blender): their cost is saved")
        .def_property_readonly("joint_matrices", [](const PyDeformer& d) { return from_matrices(d.deformer_.globals()); },
                               "(J, 4, 4) float32: the joints' world matrices at the last update")
        .def_property_readonly("size", [](const PyDeformer& d) { return d.deformer_.size(); }, "The character size L")
        .def_property("threads", [](const PyDeformer& d) { return d.deformer_.thread_count(); },
                      [](PyDeformer& d, int n) {
                          if (n < 1) throw py::value_error("threads must be at least 1");
                          d.deformer_.set_thread_count(n);
                      }, "The most threads of the process's shared pool that this deformer's per-vertex work uses "
                         "(default: all of them, one per hardware thread; deformers start no threads of their own; "
                         "results do not depend on it)")
        .def_property_readonly("stage_times", [](const PyDeformer& d) {
            const StageTimes& s = d.deformer_.stage_times();
            return py::dict(py::arg("measure") = s.measure, py::arg("skin") = s.skin, py::arg("bend") = s.bend);
        }, "Milliseconds the last update spent measuring, skinning and bending");

    m.def("trace", [](SharedCharacter character, int vertex, double duration, py::object clip, std::optional<DynamicSettings> settings,
                      bool loop, int threads) {
        PyDeformer d(std::move(character), settings);
        if (threads > 0) d.deformer_.set_thread_count(threads);
        // As dynskin-cli trace: the first clip by default, the rest pose for a character without clips.
        const bool first_of_none = d.character_->character.clips.empty() && py::isinstance<py::int_>(clip) &&
                                   clip.cast<long>() == 0;
        d.set_clip(first_of_none ? py::none() : clip);
        d.loop_ = loop;
        const std::size_t n = d.character_->character.mesh.vertex_count();
        if (vertex < 0 || std::size_t(vertex) >= n)
            throw py::index_error("vertex " + std::to_string(vertex) + " of " + std::to_string(n));
        if (!(duration >= 0.0 && duration <= 3600.0)) throw py::value_error("duration must be between 0 and 3600 seconds");
        std::vector<float> rows;
        for (Tick k = 0; tick_time(k) <= duration + 1e-9; ++k) {
            d.update_clip(tick_time(k));
            const glm::vec3 b = d.deformer_.base_positions()[vertex], p = d.deformer_.positions()[vertex];
            rows.insert(rows.end(), {float(tick_time(k)), b.x, b.y, b.z, p.x, p.y, p.z});
        }
        py::array_t<float> a({py::ssize_t(rows.size() / 7), py::ssize_t(7)});
        std::copy(rows.begin(), rows.end(), a.mutable_data());
        return a;
    }, py::arg("character"), py::arg("vertex"), py::arg("duration"), py::arg("clip") = 0, py::arg("settings") = py::none(),
       py::arg("loop") = false, py::arg("threads") = 0,
       "One vertex at every 1/60 s tick from t = 0, as dynskin-cli trace: rows of t, base x y z, final x y z "
       "(threads: 0 for the hardware's; results do not depend on it)");

    m.def("update_all", [](const std::vector<PyDeformer*>& deformers, const py::object& t,
                           std::optional<std::vector<FloatArray>> matrices,
                           std::optional<std::vector<FloatArray>> object_matrices) {
        // One time for all, or one each (characters whose animations started apart).
        const std::vector<double> times = py::isinstance<py::sequence>(t) ? t.cast<std::vector<double>>()
                                                                           : std::vector<double>(deformers.size(), t.cast<double>());
        if (times.size() != deformers.size())
            throw py::value_error("update_all: " + std::to_string(times.size()) + " times for " +
                                  std::to_string(deformers.size()) + " deformers (give one time, or one each)");
        for (double time : times)
            if (!std::isfinite(time)) throw py::value_error("t must be a finite number");
        std::vector<PyDeformer*> sorted = deformers;
        std::sort(sorted.begin(), sorted.end());
        if (std::find(sorted.begin(), sorted.end(), nullptr) != sorted.end())
            throw py::value_error("update_all takes Deformers, not None");
        if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
            throw py::value_error("update_all: a deformer is listed twice");
        if (matrices && matrices->size() != deformers.size())
            throw py::value_error("update_all: " + std::to_string(matrices->size()) + " poses for " +
                                  std::to_string(deformers.size()) + " deformers");
        if (object_matrices && (!matrices || object_matrices->size() != deformers.size()))
            throw py::value_error("update_all: object_matrices go with matrices, one per deformer");
        std::vector<PoseSampler> given;  // each deformer's own frames, as update(t, matrices) keeps them
        if (matrices) {
            std::vector<std::vector<Trs>> locals;  // all converted first: a bad pose changes no deformer
            std::vector<Trs> objects;
            for (std::size_t k = 0; k < deformers.size(); ++k) {
                locals.push_back(deformers[k]->locals_of((*matrices)[k], "world"));
                objects.push_back(object_of(object_matrices ? std::optional<FloatArray>((*object_matrices)[k]) : std::nullopt));
            }
            for (std::size_t k = 0; k < deformers.size(); ++k) {
                deformers[k]->add_frame(times[k], locals[k], objects[k]);
                given.push_back(deformers[k]->frames_.sampler());
            }
        }
        std::vector<DeformerUpdate> updates;
        for (std::size_t k = 0; k < deformers.size(); ++k) {
            PyDeformer* d = deformers[k];
            updates.push_back({&d->deformer_, times[k], matrices ? &given[k] : &d->playing(), &d->settings_});
        }
        py::gil_scoped_release unlocked;
        update_all(updates);
    }, py::arg("deformers"), py::arg("t"), py::arg("matrices") = py::none(), py::arg("object_matrices") = py::none(),
       "Advances every deformer to time t (one for all, or a sequence, one each) as d.update(t) for each d would, "
       "bit for bit, with the characters spread over the shared threads (many characters in one call); with "
       "matrices (a (J, 4, 4) array of world matrices per deformer), as d.update(t, matrices) would instead of "
       "playing their clips, and with object_matrices (one (4, 4) each) as d.update(t, matrices, object_matrix=...)");

    m.def("bake", [](SharedCharacter character, const std::string& path, py::object clip, std::optional<DynamicSettings> settings,
                     double fps, bool loop, double tail) {
        PyDeformer d(character, settings);
        d.set_clip(clip);
        if (!d.clip_) throw py::value_error("bake needs a clip");
        BakeRequest request;
        request.clip = &character->character.clips[*d.clip_];
        request.settings = d.settings_;
        request.fps = fps;
        request.loop = loop;
        request.tail = tail;
        try {
            py::gil_scoped_release unlocked;
            const BakedAnimation baked = bake_frames(character->character, request);
            io::save_baked_glb(path, character->character, baked, io::BakedLook{request.settings, &character->look});
        } catch (const BakeError& e) {
            throw py::value_error(e.what());
        }
    }, py::arg("character"), py::arg("path"), py::arg("clip") = 0, py::arg("settings") = py::none(), py::arg("fps") = 30.0,
       py::arg("loop") = false, py::arg("tail") = 0.0,
       "Bakes a clip's deformation into a .glb any glTF player shows as dynskin does (morph targets per frame)");

    m.attr("TICKS_PER_SECOND") = kTicksPerSecond;
}
