#pragma once
// The global parameters as a link's query string, both ways, so a tuned result can be shared:
// `index.html?character=cow&clip=walk&f=2.5&tau=0.4` in the browser, `dynskin cow --link
// 'f=2.5&tau=0.4'` on the desktop. Plain text, no GL, no browser.
//
// The keys, their ranges and names are the table's (dynskin/settings_schema.h: link_key, min,
// max, choices; docs/browser.md, "Shareable links"). character, clip, gpu and crowd (herd, its old
// name) are the page's (the viewer's other arguments); they are read here too, so that one
// string carries everything.

#include <string>
#include <string_view>
#include <vector>

#include "dynskin/settings.h"

namespace dynskin::app {

struct SettingsLink {
    std::string character;  // empty: not in the link
    std::string clip;       // empty: not in the link
    // One line per key that could not be used as given: ignored (not a number, an unknown
    // name) or clamped into its range. Never a NaN or an infinity in the parameters.
    std::vector<std::string> messages;
};

// Sets the parameters named in the query ("f=2.5&tau=0.4", a leading '?' allowed,
// percent-encoded or not); the others keep their value.
SettingsLink apply_link(std::string_view query, DynamicParameters& parameters);

// The keys of the parameters that differ from `defaults` (the character's own), the numbers
// in the table's order, then the choices: "f=2.5&tau=0.4", "" when none differ. Numbers are written with
// the fewest digits that read back as the same float.
std::string link_query(const DynamicParameters& parameters, const DynamicParameters& defaults);

// A whole link: address?character=...&clip=...&parameters, the parts left out when empty.
std::string page_link(const std::string& address, const std::string& character, const std::string& clip,
                      const std::string& parameter_query);

// The same for the desktop's command line: dynskin CHARACTER --clip CLIP --link '...'.
std::string command_line(const std::string& character, const std::string& clip, const std::string& parameter_query);

// A parameter's value by its key ("f", "tau", ...), enums as their index (mode: 0 lbs, 1
// drag, 2 dynamic; base: 0 linear, 1 dq; center: 0 axis, 1 centroid); NaN for an unknown key.
double link_value(const DynamicParameters& parameters, std::string_view key);

}  // namespace dynskin::app
