#include "io/reading/gltf_material.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "io/gltf/stb_image_decoder.h"

namespace dynskin::io {
namespace {

std::string material_name(const tinygltf::Model& model, int material) {
    const std::string& name = model.materials[static_cast<std::size_t>(material)].name;
    return "material " + std::to_string(material) + (name.empty() ? "" : " ('" + name + "')");
}

bool is_filter(int value, bool magnification) {
    if (value == 9728 || value == 9729) return true;
    return !magnification && value >= 9984 && value <= 9987;
}

bool is_wrap(int value) { return value == 10497 || value == 33071 || value == 33648; }

struct LookBuilder {
    const tinygltf::Model& model;
    const std::vector<std::vector<std::uint8_t>>& image_bytes;
    std::vector<std::string>& warnings;
    DisplayLook look;
    std::map<std::pair<int, bool>, int> display_of;  // (file material or -1, textured) -> display material
    std::vector<int> image_of;                       // per file image: index in look.images, -1 unread, -2 unusable
    std::vector<bool> missing_material_warned, features_noted;
    // Unshown features, in the order first met, with the materials that have them.
    std::vector<std::pair<std::string, std::vector<std::string>>> ignored;

    void add(const PrimitiveVertices& source) {
        const std::string where = "mesh " + std::to_string(source.mesh) + " primitive " + std::to_string(source.primitive);
        int material = source.material;
        if (material >= 0 && static_cast<std::size_t>(material) >= model.materials.size()) {
            if (material_warned(material))
                warnings.push_back(where + " uses material " + std::to_string(material) +
                                   ", which does not exist; glTF's default material is used");
            material = -1;
        }
        const bool textured = material >= 0 && source.has_texture_uvs;
        const auto key = std::make_pair(material, textured);
        auto found = display_of.find(key);
        if (found == display_of.end()) {
            look.materials.push_back(material < 0 ? default_material() : convert(material, textured));
            found = display_of.emplace(key, static_cast<int>(look.materials.size()) - 1).first;
        }
        if (source.triangle_count == 0) return;
        DrawRange* last = look.draw_ranges.empty() ? nullptr : &look.draw_ranges.back();
        if (last && last->material == found->second && last->first_triangle + last->triangle_count == source.first_triangle)
            last->triangle_count += source.triangle_count;  // fewer draw calls
        else
            look.draw_ranges.push_back({source.first_triangle, source.triangle_count, found->second});
    }

    static DisplayMaterial default_material() {
        DisplayMaterial m;
        m.name = "default";
        return m;
    }

    bool material_warned(int material) {
        const auto index = static_cast<std::size_t>(material);
        if (missing_material_warned.size() <= index) missing_material_warned.resize(index + 1, false);
        const bool first = !missing_material_warned[index];
        missing_material_warned[index] = true;
        return first;
    }

    DisplayMaterial convert(int index, bool textured) {
        const tinygltf::Material& source = model.materials[static_cast<std::size_t>(index)];
        const std::string name = material_name(model, index);
        note_ignored_features(index);
        DisplayMaterial m;
        m.name = source.name.empty() ? "material " + std::to_string(index) : source.name;
        m.double_sided = source.doubleSided;
        // tinygltf keeps white for a factor that is not 4 numbers; glTF bounds each to [0, 1].
        const std::vector<double>& factor = source.pbrMetallicRoughness.baseColorFactor;
        if (factor.size() == 4 && std::all_of(factor.begin(), factor.end(), [](double v) { return std::isfinite(v); }))
            for (int k = 0; k < 4; ++k)
                m.base_color_factor[k] = static_cast<float>(std::clamp(factor[static_cast<std::size_t>(k)], 0.0, 1.0));
        if (source.alphaMode == "MASK") m.alpha_mode = AlphaMode::Mask;
        else if (source.alphaMode == "BLEND") m.alpha_mode = AlphaMode::Blend;
        else if (source.alphaMode != "OPAQUE")
            warnings.push_back(name + " has an unknown alphaMode '" + source.alphaMode + "'; it is drawn opaque");
        if (std::isfinite(source.alphaCutoff) && source.alphaCutoff >= 0.0) {
            m.alpha_cutoff = static_cast<float>(source.alphaCutoff);
        } else {
            warnings.push_back(name + " has an unusable alphaCutoff; 0.5 is used");
        }
        if (textured) read_base_color_texture(index, m);
        return m;
    }

    void read_base_color_texture(int material, DisplayMaterial& m) {
        const std::string name = material_name(model, material);
        const int texture = model.materials[static_cast<std::size_t>(material)].pbrMetallicRoughness.baseColorTexture.index;
        if (static_cast<std::size_t>(texture) >= model.textures.size()) {
            warnings.push_back(name + ": its base colour texture " + std::to_string(texture) +
                               " does not exist; it is drawn without it");
            return;
        }
        const tinygltf::Texture& t = model.textures[static_cast<std::size_t>(texture)];
        const int source = image_source(t, name, texture);
        if (source < 0) return;
        m.base_color_image = image(source);
        if (m.base_color_image < 0) return;
        if (t.sampler < 0) return;  // glTF's defaults: repeat, filters of the viewer's choice
        if (static_cast<std::size_t>(t.sampler) >= model.samplers.size()) {
            warnings.push_back("texture " + std::to_string(texture) + " uses sampler " + std::to_string(t.sampler) +
                               ", which does not exist; the default sampler is used");
            return;
        }
        const tinygltf::Sampler& s = model.samplers[static_cast<std::size_t>(t.sampler)];
        const std::string sampler = "sampler " + std::to_string(t.sampler);
        if (s.magFilter >= 0 && is_filter(s.magFilter, true)) m.sampler.mag_filter = static_cast<TextureFilter>(s.magFilter);
        if (s.minFilter >= 0 && is_filter(s.minFilter, false)) m.sampler.min_filter = static_cast<TextureFilter>(s.minFilter);
        if (is_wrap(s.wrapS)) m.sampler.wrap_s = static_cast<TextureWrap>(s.wrapS);
        if (is_wrap(s.wrapT)) m.sampler.wrap_t = static_cast<TextureWrap>(s.wrapT);
        if ((s.magFilter >= 0 && !is_filter(s.magFilter, true)) || (s.minFilter >= 0 && !is_filter(s.minFilter, false)) ||
            !is_wrap(s.wrapS) || !is_wrap(s.wrapT))
            warnings.push_back(sampler + " has an unknown filter or wrap mode; the default is used for it");
    }

    // The image a texture shows: its own source (a fallback where an extension gives another),
    // else EXT_texture_webp's; -1 (said in warnings) when it has none dynskin decodes.
    int image_source(const tinygltf::Texture& t, const std::string& material, int texture) {
        const auto valid = [&](int image) { return image >= 0 && static_cast<std::size_t>(image) < model.images.size(); };
        if (valid(t.source)) return t.source;
        const auto webp = t.extensions.find("EXT_texture_webp");
        if (webp != t.extensions.end() && webp->second.Has("source") && webp->second.Get("source").IsInt() &&
            valid(webp->second.Get("source").Get<int>()))
            return webp->second.Get("source").Get<int>();
        std::string why = "has no image dynskin can read";
        for (const char* format : {"KHR_texture_basisu", "EXT_texture_avif"})
            if (t.extensions.count(format))
                why = std::string("is stored as ") + (std::string(format) == "KHR_texture_basisu" ? "KTX2" : "AVIF") +
                      " (" + format + "), which dynskin does not decode";
        warnings.push_back(material + ": its base colour texture " + std::to_string(texture) + " " + why +
                           "; it is drawn without it");
        return -1;
    }

    // Index in look.images of file image `index`, decoded on first use; -1 when unusable.
    int image(int index) {
        const auto i = static_cast<std::size_t>(index);
        if (image_of[i] != -1) return std::max(image_of[i], -1);
        image_of[i] = -2;
        const tinygltf::Image& source = model.images[i];
        const std::string name = "image " + std::to_string(index) + (source.uri.empty() ? "" : " ('" + source.uri + "')");
        const std::vector<std::uint8_t>& bytes = i < image_bytes.size() ? image_bytes[i] : std::vector<std::uint8_t>{};
        if (bytes.empty()) {
            warnings.push_back(name + " is missing; its materials are drawn without it");
            return -1;
        }
        DecodedImage decoded = decode_image(bytes);
        if (!decoded.error.empty()) {
            warnings.push_back(name + " cannot be decoded (" + decoded.error + "); its materials are drawn without it");
            return -1;
        }
        look.images.push_back({decoded.width, decoded.height, std::move(decoded.rgba)});
        image_of[i] = static_cast<int>(look.images.size()) - 1;
        return image_of[i];
    }

    void note_ignored_features(int index) {
        if (features_noted[static_cast<std::size_t>(index)]) return;
        features_noted[static_cast<std::size_t>(index)] = true;
        const tinygltf::Material& m = model.materials[static_cast<std::size_t>(index)];
        const tinygltf::PbrMetallicRoughness& pbr = m.pbrMetallicRoughness;
        const auto note = [&](bool present, const std::string& what) {
            if (present) ignore(what, index);
        };
        note(m.normalTexture.index >= 0, "the normal texture is not shown");
        note(m.occlusionTexture.index >= 0, "the occlusion texture is not shown");
        note(m.emissiveTexture.index >= 0, "the emissive texture is not shown");
        note(std::any_of(m.emissiveFactor.begin(), m.emissiveFactor.end(), [](double v) { return v != 0.0; }),
             "the emissive colour is not shown");
        note(pbr.metallicRoughnessTexture.index >= 0, "the metallic-roughness texture is not shown");
        // glTF's metallicFactor defaults to 1; the studio shading treats every surface as non-metal.
        note(pbr.metallicFactor > 0.0, "metalness is ignored (shaded as non-metal)");
        for (const auto& extension : m.extensions) ignore("extension " + extension.first + " is ignored", index);
    }

    void ignore(const std::string& what, int material) {
        auto entry = std::find_if(ignored.begin(), ignored.end(), [&](const auto& e) { return e.first == what; });
        if (entry == ignored.end()) entry = ignored.insert(ignored.end(), {what, {}});
        entry->second.push_back(material_name(model, material));
    }

    void report_ignored() {
        for (const auto& entry : ignored) {
            std::string line;
            for (const std::string& material : entry.second) line += (line.empty() ? "" : ", ") + material;
            warnings.push_back(line + ": " + entry.first);
        }
    }
};

}  // namespace

DisplayLook read_display_look(const tinygltf::Model& model, const std::vector<std::vector<std::uint8_t>>& image_bytes,
                              const std::vector<PrimitiveVertices>& sources, std::vector<glm::vec2> texture_uvs,
                              std::vector<std::string>& warnings) {
    LookBuilder builder{model, image_bytes, warnings, {}, {}, std::vector<int>(model.images.size(), -1), {},
                        std::vector<bool>(model.materials.size(), false), {}};
    for (const PrimitiveVertices& source : sources) builder.add(source);
    builder.report_ignored();
    DisplayLook& look = builder.look;
    const bool any_texture = std::any_of(look.materials.begin(), look.materials.end(),
                                         [](const DisplayMaterial& m) { return m.base_color_image >= 0; });
    if (any_texture) look.texture_uvs = std::move(texture_uvs);
    return std::move(builder.look);
}

}  // namespace dynskin::io
