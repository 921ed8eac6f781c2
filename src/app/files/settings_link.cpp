#include "app/files/settings_link.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "dynskin/settings_schema.h"

namespace dynskin::app {
namespace {

// For messages: "f=500 is above 30 Hz".
std::string unit_of(const ParameterSpec& spec) { return *spec.unit ? std::string(" ") + spec.unit : std::string(); }

// The row a link's key names; links made before a key was renamed still open.
const ParameterSpec* spec_of(std::string_view key) {
    for (const ParameterSpec& spec : parameter_table())
        if (key == spec.link_key || (spec.old_link_key && key == spec.old_link_key)) return &spec;
    return nullptr;
}

// The keys the page turns into the viewer's other arguments (herd: crowd's old name).
bool is_page_key(std::string_view key) {
    return key == "character" || key == "clip" || key == "gpu" || key == "crowd" || key == "herd" || key == "quality";
}

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

std::string choice_names(const ParameterSpec& spec) {
    std::string out;
    for (const ParameterChoice& choice : spec.choices) out += (out.empty() ? "" : ", ") + std::string(choice.name);
    return out;
}

void apply_number(const ParameterSpec& k, const std::string& value, DynamicParameters& p, SettingsLink& link) {
    const float current = static_cast<float>(k.get(p));
    const std::string given = std::string(k.link_key) + "=" + value;
    const bool has_off = k.off != ParameterOff::Never;
    if (has_off && value == "off") {
        k.set(p, k.off_value());
        return;
    }
    const char* begin = value.c_str();
    char* end = nullptr;
    const double parsed = value.empty() ? 0.0 : std::strtod(begin, &end);
    if (value.empty() || end == begin || *end != '\0' || !std::isfinite(parsed)) {
        const bool number = !value.empty() && end != begin && *end == '\0';  // NaN, infinite, 1e400
        link.messages.push_back(given + (number ? " is not a finite number" : " is not a number") +
                                (has_off ? " (nor off)" : "") + ": " + k.link_key +
                                " stays " + (k.is_off(current) ? "off" : shortest(current)));
        return;
    }
    if (parsed < k.min) {
        link.messages.push_back(given + " is below " + shortest(k.min) + unit_of(k) + ": using " + shortest(k.min));
        k.set(p, k.min);
    } else if (parsed > k.max) {
        link.messages.push_back(given + " is above " + shortest(k.max) + unit_of(k) + ": using " + shortest(k.max));
        k.set(p, k.max);
    } else {
        k.set(p, static_cast<float>(parsed));
    }
}

void apply_choice(const ParameterSpec& k, const std::string& value, DynamicParameters& p, SettingsLink& link) {
    if (const int index = k.choice_index(value); index >= 0) {
        k.set(p, index);
        return;
    }
    link.messages.push_back(std::string(k.link_key) + "=" + value + " is not one of " + choice_names(k) + ": " +
                            k.link_key + " stays " + k.choices[static_cast<std::size_t>(k.get(p))].name);
}

std::string link_keys() {
    std::string keys;
    for (const ParameterSpec& spec : parameter_table()) keys += std::string(spec.link_key) + ", ";
    return keys + "character, clip";
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
        if (const ParameterSpec* spec = spec_of(key)) {
            if (spec->is_choice()) apply_choice(*spec, value, parameters, link);
            else apply_number(*spec, value, parameters, link);
            continue;
        }
        link.messages.push_back("unknown key '" + key + "' ignored (the keys: " + link_keys() + ")");
    }
    return link;
}

std::string link_query(const DynamicParameters& parameters, const DynamicParameters& defaults) {
    std::string out;
    const auto add = [&out](const std::string& key, const std::string& value) {
        out += (out.empty() ? "" : "&") + key + "=" + value;
    };
    // The numbers first, then the choices, as links have always been written.
    for (const ParameterSpec& k : parameter_table()) {
        if (k.is_choice()) continue;
        const double v = k.get(parameters), dv = k.get(defaults);
        if (k.is_off(v) && k.is_off(dv)) continue;
        if (k.is_off(v)) add(k.link_key, "off");
        else if (v != dv || k.is_off(dv)) add(k.link_key, shortest(static_cast<float>(v)));
    }
    for (const ParameterSpec& k : parameter_table())
        if (k.is_choice() && k.get(parameters) != k.get(defaults))
            add(k.link_key, k.choices[static_cast<std::size_t>(k.get(parameters))].name);
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
    const ParameterSpec* spec = spec_of(key);
    return spec ? spec->get(parameters) : std::numeric_limits<double>::quiet_NaN();
}

}  // namespace dynskin::app
