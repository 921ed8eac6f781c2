#include "app/panels/warning_groups.h"

#include <cctype>
#include <cstddef>
#include <map>

namespace dynskin::app {
namespace {

// A message cut into its fixed text and the names and numbers between: parts alternate, the
// fixed one first (possibly empty), so that messages of one shape have as many parts.
struct Parts {
    std::string shape;                 // the fixed text with a \x01 where each variable part was
    std::vector<std::string> fixed;    // variables + 1 pieces of fixed text
    std::vector<std::string> variable; // the names (with their quotes) and numbers
};

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

Parts split(const std::string& message) {
    Parts parts;
    std::string text;
    std::size_t i = 0;
    while (i < message.size()) {
        const char c = message[i];
        std::size_t end = i;
        // A quote opens a name unless it is a word's apostrophe (the mesh's own node).
        const bool after_word = i > 0 && std::isalnum(static_cast<unsigned char>(message[i - 1]));
        if ((c == '\'' || c == '"') && !after_word) {
            const std::size_t close = message.find(c, i + 1);
            if (close != std::string::npos) end = close + 1;
        } else if (is_digit(c) || (c == '-' && i + 1 < message.size() && is_digit(message[i + 1]) &&
                                   !after_word)) {
            end = i + 1;
            while (end < message.size() && (is_digit(message[end]) ||
                                             (message[end] == '.' && end + 1 < message.size() && is_digit(message[end + 1]))))
                ++end;
        }
        if (end == i) {  // fixed text
            text += c;
            ++i;
            continue;
        }
        parts.fixed.push_back(text);
        parts.shape += text + '\x01';
        text.clear();
        parts.variable.push_back(message.substr(i, end - i));
        i = end;
    }
    parts.fixed.push_back(text);
    parts.shape += text;
    return parts;
}

const char* const ellipsis = "\xE2\x80\xA6";  // U+2026

}  // namespace

std::vector<WarningGroup> group_warnings(const std::vector<std::string>& warnings) {
    std::vector<WarningGroup> groups;
    std::vector<Parts> first_parts;               // each group's first message, split
    std::vector<std::vector<bool>> varies;        // which of its variable parts differ
    std::map<std::string, std::size_t> by_shape;  // shape -> group
    for (const std::string& message : warnings) {
        Parts parts = split(message);
        const auto [found, added] = by_shape.emplace(parts.shape, groups.size());
        if (added) {
            groups.push_back(WarningGroup{message, {message}});
            varies.emplace_back(parts.variable.size(), false);
            first_parts.push_back(std::move(parts));
            continue;
        }
        const std::size_t g = found->second;
        groups[g].messages.push_back(message);
        for (std::size_t k = 0; k < parts.variable.size(); ++k)
            if (parts.variable[k] != first_parts[g].variable[k]) varies[g][k] = true;
    }
    for (std::size_t g = 0; g < groups.size(); ++g) {
        if (groups[g].messages.size() < 2) continue;
        const Parts& parts = first_parts[g];
        std::string summary = parts.fixed[0];
        for (std::size_t k = 0; k < parts.variable.size(); ++k) {
            const std::string& value = parts.variable[k];
            const bool quoted = value.front() == '\'' || value.front() == '"';
            if (!varies[g][k]) summary += value;
            else if (quoted) summary += value.front() + std::string(ellipsis) + value.back();
            else summary += ellipsis;
            summary += parts.fixed[k + 1];
        }
        groups[g].summary = summary;
    }
    return groups;
}

}  // namespace dynskin::app
