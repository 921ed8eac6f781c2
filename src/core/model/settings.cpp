// The settings' operator== compares fields(): here the build fails when a struct gains a
// field that fields() does not list.

#include "dynskin/settings.h"

#include <tuple>

#include "core/model/aggregate_field_count.h"

namespace dynskin {
namespace {

template <typename Settings>
constexpr bool ties_every_field() {
    using Tied = decltype(std::declval<const Settings&>().fields());
    return std::tuple_size_v<Tied> == aggregate_field_count<Settings>();
}

static_assert(ties_every_field<OscillationParameters>(), "OscillationParameters::fields() misses a field");
static_assert(ties_every_field<DynamicParameters>(), "DynamicParameters::fields() misses a field");
static_assert(ties_every_field<MotionSwitches>(), "MotionSwitches::fields() misses a field");
static_assert(ties_every_field<JointSettings>(), "JointSettings::fields() misses a field");
static_assert(ties_every_field<DynamicSettings>(), "DynamicSettings::fields() misses a field");

}  // namespace
}  // namespace dynskin
