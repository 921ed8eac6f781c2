#include "app/settings_link.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace dynskin::app {
namespace {

constexpr float kInfinity = std::numeric_limits<float>::infinity();

// A number's key: where it lives, its range, and what "off" stores (for the keys that have it).
struct NumberKey {
    const char* key;
    const char* unit;  // for messages: "f=500 is above 30 Hz"
    float min, max;
    bool has_off;
    float off_value;
    float& (*field)(DynamicParameters&);
};

bool is_off(const NumberKey& k, float v) {
    if (!k.has_off) return false;
    // What the engine treats as off: dLBS at infinite speed, a limit <= 0 or infinite.
    return k.off_value == kInfinity ? !std::isfinite(v) : !(v > 0.0f && std::isfinite(v));
}

const NumberKey kNumbers[] = {
    {"f", " Hz", 0.0f, 30.0f, false, 0.0f, [](DynamicParameters& p) -> float& { return p.oscillation.frequency; }},
    {"tau", " s", 0.0f, 60.0f, false, 0.0f, [](DynamicParameters& p) -> float& { return p.oscillation.damping; }},
    {"A", " s", -10.0f, 10.0f, false, 0.0f, [](DynamicParameters& p) -> float& { return p.oscillation.amplitude; }},
    {"D", " s", -10.0f, 10.0f, false, 0.0f, [](DynamicParameters& p) -> float& { return p.oscillation.drag; }},
    {"c", " sizes/s", 0.01f, 10000.0f, true, kInfinity, [](DynamicParameters& p) -> float& { return p.propagation_speed; }},
    {"T", "", 0.0f, 10.0f, false, 0.0f, [](DynamicParameters& p) -> float& { return p.translation_gain; }},
    {"S", " s", 0.0f, 10.0f, false, 0.0f, [](DynamicParameters& p) -> float& { return p.squash; }},
    {"bend", " rad", 0.01f, 3.14f, true, 0.0f, [](DynamicParameters& p) -> float& { return p.max_angle; }},
    {"offset", " sizes", 0.01f, 10.0f, true, 0.0f, [](DynamicParameters& p) -> float& { return p.max_offset; }},
};

// An enum's key: its names in the order of the enum's values.
struct EnumKey {
    const char* key;
    std::vector<const char*> names;
    int (*get)(const DynamicParameters&);
    void (*set)(DynamicParameters&, int);
};

const EnumKey kEnums[] = {
    {"mode", {"lbs", "drag", "dynamic"}, [](const DynamicParameters& p) { return static_cast<int>(p.mode); },
     [](DynamicParameters& p, int v) { p.mode = static_cast<DeformerMode>(v); }},
    {"base", {"linear", "dq"}, [](const DynamicParameters& p) { return static_cast<int>(p.base); },
     [](DynamicParameters& p, int v) { p.base = static_cast<SkinningBase>(v); }},
    {"center", {"axis", "centroid"}, [](const DynamicParameters& p) { return static_cast<int>(p.squash_center); },
     [](DynamicParameters& p, int v) { p.squash_center = static_cast<SquashCenter>(v); }},
};

// The keys the page turns into the viewer's other arguments.
bool is_page_key(std::string_view key) { return key == "character" || key == "clip" || key == "gpu" || key == "herd"; }

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

std::string percent_decode(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '+') {
            out += ' ';
        } else if (s[i] == '%' && i + 2 < s.size() && hex_digit(s[i + 1]) >= 0 && hex_digit(s[i + 2]) >= 0) {
            out += static_cast<char>(hex_digit(s[i + 1]) * 16 + hex_digit(s[i + 2]));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

// Letters, digits and -._~ stay; everything else is %XX (names of clips may hold spaces).
std::string percent_encode(std::string_view s) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : s) {
        if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

// The fewest digits that read back as the same float: 0.4f is "0.4", 30 is "30" (plain
// decimals for what people type; exponents only for the very small or large).
std::string shortest(float v) {
    char text[48];
    const bool plain = v == 0.0f || (std::abs(v) >= 1e-3f && std::abs(v) < 1e7f);
    for (int digits = plain ? 0 : 1; digits <= (plain ? 12 : 9); ++digits) {
        std::snprintf(text, sizeof text, plain ? "%.*f" : "%.*g", digits, static_cast<double>(v));
        if (std::strtof(text, nullptr) == v) return text;
    }
    std::snprintf(text, sizeof text, "%.9g", static_cast<double>(v));
    return text;
}

std::string join(const std::vector<const char*>& names) {
    std::string out;
    for (const char* n : names) out += (out.empty() ? "" : ", ") + std::string(n);
    return out;
}

void apply_number(const NumberKey& k, const std::string& value, DynamicParameters& p, SettingsLink& link) {
    float& field = k.field(p);
    const std::string given = std::string(k.key) + "=" + value;
    if (k.has_off && value == "off") {
        field = k.off_value;
        return;
    }
    const char* begin = value.c_str();
    char* end = nullptr;
    const double parsed = value.empty() ? 0.0 : std::strtod(begin, &end);
    if (value.empty() || end == begin || *end != '\0' || !std::isfinite(parsed)) {
        const bool number = !value.empty() && end != begin && *end == '\0';  // NaN, infinite, 1e400
        link.messages.push_back(given + (number ? " is not a finite number" : " is not a number") +
                                (k.has_off ? " (nor off)" : "") + ": " + k.key +
                                " stays " + (is_off(k, field) ? "off" : shortest(field)));
        return;
    }
    if (parsed < k.min) {
        link.messages.push_back(given + " is below " + shortest(k.min) + k.unit + ": using " + shortest(k.min));
        field = k.min;
    } else if (parsed > k.max) {
        link.messages.push_back(given + " is above " + shortest(k.max) + k.unit + ": using " + shortest(k.max));
        field = k.max;
    } else {
        field = static_cast<float>(parsed);
    }
}

void apply_enum(const EnumKey& k, const std::string& value, DynamicParameters& p, SettingsLink& link) {
    for (std::size_t i = 0; i < k.names.size(); ++i)
        if (value == k.names[i]) {
            k.set(p, static_cast<int>(i));
            return;
        }
    link.messages.push_back(std::string(k.key) + "=" + value + " is not one of " + join(k.names) + ": " + k.key +
                            " stays " + k.names[static_cast<std::size_t>(k.get(p))]);
}

}  // namespace

SettingsLink apply_link(std::string_view query, DynamicParameters& parameters) {
    SettingsLink link;
    if (!query.empty() && query.front() == '?') query.remove_prefix(1);
    while (!query.empty()) {
        const std::size_t amp = query.find('&');
        const std::string_view pair = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
        if (pair.empty()) continue;
        const std::size_t eq = pair.find('=');
        const std::string key = percent_decode(pair.substr(0, eq));
        const std::string value = eq == std::string_view::npos ? "" : percent_decode(pair.substr(eq + 1));
        if (key == "character") {
            link.character = value;
            continue;
        }
        if (key == "clip") {
            link.clip = value;
            continue;
        }
        if (is_page_key(key)) continue;
        const auto number = std::find_if(std::begin(kNumbers), std::end(kNumbers), [&](const NumberKey& k) { return key == k.key; });
        if (number != std::end(kNumbers)) {
            apply_number(*number, value, parameters, link);
            continue;
        }
        const auto choice = std::find_if(std::begin(kEnums), std::end(kEnums), [&](const EnumKey& k) { return key == k.key; });
        if (choice != std::end(kEnums)) {
            apply_enum(*choice, value, parameters, link);
            continue;
        }
        link.messages.push_back("unknown key '" + key + "' ignored (the keys: f, tau, A, D, mode, base, c, T, S, center, "
                                "bend, offset, character, clip)");
    }
    return link;
}

std::string link_query(const DynamicParameters& parameters, const DynamicParameters& defaults) {
    DynamicParameters p = parameters, d = defaults;  // the fields are read through references
    std::string out;
    const auto add = [&out](const std::string& key, const std::string& value) {
        out += (out.empty() ? "" : "&") + key + "=" + value;
    };
    for (const NumberKey& k : kNumbers) {
        const float v = k.field(p), dv = k.field(d);
        if (is_off(k, v) && is_off(k, dv)) continue;
        if (is_off(k, v)) add(k.key, "off");
        else if (v != dv || is_off(k, dv)) add(k.key, shortest(v));
    }
    for (const EnumKey& k : kEnums)
        if (k.get(p) != k.get(d)) add(k.key, k.names[static_cast<std::size_t>(k.get(p))]);
    return out;
}

std::string page_link(const std::string& address, const std::string& character, const std::string& clip,
                      const std::string& parameter_query) {
    std::string query;
    if (!character.empty()) query += "character=" + percent_encode(character);
    if (!clip.empty()) query += (query.empty() ? "" : "&") + std::string("clip=") + percent_encode(clip);
    if (!parameter_query.empty()) query += (query.empty() ? "" : "&") + parameter_query;
    return query.empty() ? address : address + "?" + query;
}

std::string command_line(const std::string& character, const std::string& clip, const std::string& parameter_query) {
    // Single quotes keep the shell away from '&'; a quote inside becomes '\''.
    const auto quoted = [](const std::string& s) {
        std::string out = "'";
        for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
        return out + "'";
    };
    std::string line = "dynskin";
    if (!character.empty()) line += " " + quoted(character);
    if (!clip.empty()) line += " --clip " + quoted(clip);
    if (!parameter_query.empty()) line += " --link " + quoted(parameter_query);
    return line;
}

double link_value(const DynamicParameters& parameters, std::string_view key) {
    DynamicParameters p = parameters;
    for (const NumberKey& k : kNumbers)
        if (key == k.key) return k.field(p);
    for (const EnumKey& k : kEnums)
        if (key == k.key) return k.get(p);
    return std::numeric_limits<double>::quiet_NaN();
}

}  // namespace dynskin::app
