#pragma once
// How many fields an aggregate has, counted by the compiler: the most initializers T{...}
// accepts, each an AnyField that converts to whatever a field is (Boost.PFR's technique).

#include <cstddef>
#include <type_traits>
#include <utility>

namespace dynskin {
namespace detail {

struct AnyField {
    template <typename T>
    operator T() const;  // only named in unevaluated contexts, never defined
};

template <typename T, typename Indices, typename = void>
struct InitializableFrom : std::false_type {};

template <typename T, std::size_t... I>
struct InitializableFrom<T, std::index_sequence<I...>, std::void_t<decltype(T{(void(I), AnyField{})...})>>
    : std::true_type {};

}  // namespace detail

template <typename T, std::size_t N = 0>
constexpr std::size_t aggregate_field_count() {
    static_assert(std::is_aggregate_v<T>);
    if constexpr (detail::InitializableFrom<T, std::make_index_sequence<N + 1>>::value)
        return aggregate_field_count<T, N + 1>();
    else
        return N;
}

}  // namespace dynskin
