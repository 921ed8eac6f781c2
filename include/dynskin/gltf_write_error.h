#pragma once
// What the glTF writers throw for a character or a bake they cannot write (it does not
// validate, its joints are not in depth-first order, its frames do not fit it, a file that
// cannot be written), with the reason.

#include <stdexcept>

namespace dynskin::io {

struct CharacterWriteError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace dynskin::io
