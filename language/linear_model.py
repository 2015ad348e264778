"""A logistic regression read from a JSON file of weights (pure).

The rules that read people's words (is this feedback a remedy, is this correction about one
instance, do these two lines contradict) each describe a text by named features — what the
grammar says of it, its words, its shape — and a logistic regression fitted on a labelled corpus
weighs them (bench/train_language.py fits and writes the file). Reading the weights needs no
library and nothing is downloaded: the file is part of the code.
"""

import functools
import json
import math
from collections.abc import Mapping
from pathlib import Path


class LinearModel:
    def __init__(self, weights: Mapping[str, float], bias: float, threshold: float = 0.5):
        self.weights = dict(weights)
        self.bias = bias
        self.threshold = threshold

    def probability(self, features: Mapping[str, float]) -> float:
        """P(yes | features) = σ(bias + Σ weight·value); features the fit never saw weigh nothing."""
        z = self.bias + sum(self.weights.get(name, 0.0) * value for name, value in features.items())
        return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))

    def says_yes(self, features: Mapping[str, float]) -> bool:
        return self.probability(features) >= self.threshold

    def as_json(self) -> dict:
        nonzero = {name: round(w, 6) for name, w in sorted(self.weights.items()) if abs(w) >= 1e-6}
        return {"bias": round(self.bias, 6), "threshold": self.threshold, "weights": nonzero}


@functools.cache
def load(path: Path) -> LinearModel:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return LinearModel(data["weights"], data["bias"], data.get("threshold", 0.5))
