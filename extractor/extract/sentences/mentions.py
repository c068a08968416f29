"""A name as one sentence sees it: the entity and its offsets in the sentence.

What the sentence makes of the name (counted, compared against) is not stored on it but
in the sentence's `roles.SentenceRoles`; whether the name is of a part or a family is
read from `name_kinds`.
"""
from __future__ import annotations

from typing import NamedTuple

from extractor.extract.names.entities import Entity
from extractor.extract.names.name_kinds import is_family, is_part


class Mention(NamedTuple):
    """An entity seen from one sentence: offsets relative to the sentence. What the
    sentence makes of it (counted, compared against) is its `Role` in the sentence's
    `SentenceRoles`, not a flag on the mention. (Immutable, one per name of every
    sentence: a named tuple, made at half a frozen dataclass's cost.)"""

    entity: Entity
    start: int
    end: int

    @property
    def component(self) -> bool:
        """The name is of a part (HBM3E, NVLink), not of a product (`name_kinds`)."""
        return is_part(self.entity.canonical)

    @property
    def family(self) -> bool:
        """The name is of a family or architecture (Hopper), not of a product."""
        return is_family(self.entity.canonical)

