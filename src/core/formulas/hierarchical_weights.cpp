#include "dynskin/hierarchical_weights.h"

#include <algorithm>

namespace dynskin {

HierarchicalWeights build_hierarchical_weights(const Skeleton& skeleton, const SkinningWeights& weights) {
    const int joint_count = skeleton.joint_count();
    std::vector<float> sum(joint_count, 0.0f);  // dense scratch, cleared after each vertex
    std::vector<std::uint32_t> touched;

    HierarchicalWeights result;
    result.offsets.reserve(weights.vertex_count() + 1);
    for (std::size_t i = 0; i < weights.vertex_count(); ++i) {
        touched.clear();
        for (std::uint32_t k = weights.offsets[i]; k < weights.offsets[i + 1]; ++k) {
            const float w = weights.weights[k];
            if (!(w > 0.0f)) continue;
            for (int a = static_cast<int>(weights.joints[k]); a >= 0; a = skeleton.parents[a]) {
                if (sum[a] == 0.0f) touched.push_back(static_cast<std::uint32_t>(a));
                sum[a] += w;
            }
        }
        std::sort(touched.begin(), touched.end());
        for (std::uint32_t a : touched) {
            result.joints.push_back(a);
            result.betas.push_back(sum[a]);
            sum[a] = 0.0f;
        }
        result.offsets.push_back(static_cast<std::uint32_t>(result.joints.size()));
    }
    return result;
}

}  // namespace dynskin
