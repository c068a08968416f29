"""Class references (`linking.class_reference`): "these instances", "a single chip",
"这块核显", "이 칩" refer to the product of that class named before, by the class noun the
page writes after each name. Snippets from set3/en_05 and set2/zh_03, cut."""
from __future__ import annotations

from extractor.extract.explain import explain_text
from extractor.extract.linking.class_reference import class_references

TRN2 = ("Firstly, the AWS Trainium2-based Amazon EC2 Trn2 instances are now generally available. "
        "These instances feature 16 Trainium2 processors interconnected with NeuronLink interconnection "
        "that deliver up to 20.8 FP8 PetaFLOPS of performance and 1.5 TB of HBM3 memory with a peak "
        "bandwidth of 46 TB/s.")


def _systems(text: str) -> dict[str, str]:
    return {c.surface: c.system for c in explain_text(text).claims}


def test_these_instances_are_the_instances_named_before_not_the_chips_they_count():
    got = _systems(TRN2)
    assert [got[s] for s in ("20.8 FP8 PetaFLOPS", "1.5 TB", "46 TB/s")] == ["Trn2"] * 3
    assert got["16 Trainium2 processors"] == "Trainium2"  # a count of a named product is its own


def test_a_single_chip_skips_the_instance_named_nearer_for_the_chip():
    text = ("AWS counts hundreds of thousands of its Trainium2 processors. When AWS introduced "
            "Trainium2 last year, it did not share any specific performance figures for Trainium2 "
            "but stated that Trn2 instances could scale up to 100,000 processors, which means that "
            "a single chip could deliver up to 650 TFLOPS.")
    assert _systems(text)["650 TFLOPS"] == "Trainium2"


def test_a_name_the_page_does_not_class_is_left_to_the_usual_resolvers():
    # no name of the page is written before a class noun: the reference decides nothing
    text = "The B200 is here. This chip delivers 20 PFLOPS of FP4."
    got = [c for c in explain_text(text).claims if c.surface == "20 PFLOPS"][0]
    assert got.system == "B200" and "class_reference_system" not in got.resolvers


def test_a_scope_or_a_baseline_is_no_reference():
    assert class_references("delivers 10,755 tokens/second on a single GPU", "en") == ()
    assert class_references("8,960 v5p accelerators can be coupled together in a single pod", "en") == ()
    assert class_references("性能比这块核显快2倍", "zh-Hans") == ()
    assert class_references("这块核显的性能比i7-13800H中的Intel Xe集显快2倍", "zh-Hans") == ((0, 4, "chip"),)
    assert class_references("이 칩은 H100보다 빠르다", "ko") == ((0, 3, "chip"),)


def test_aws_instance_families_are_their_own_systems_beside_their_chips():
    # AWS's product line: Trn2 / Inf2 instances hold Trainium2 / Inferentia2 chips
    from extractor.extract.names.entities import SYSTEM, find_entities
    text = "AWS Trainium2-based EC2 Trn2 instances and Inferentia2-based Inf2 instances; the inf2 suffix"
    assert [e.canonical for e in find_entities(text, "en") if e.label == SYSTEM] == [
        "Trainium2", "Trn2", "Inferentia2", "Inf2"]
