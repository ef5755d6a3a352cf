"""The room service as a JupyterHub service: identity from the Hub (a token's user, cached 60 s), instructors by
config or by the Hub group, refusals in words when the Hub cannot be asked. Against a stand-in Hub API."""

from __future__ import annotations

import asyncio

import pytest
from hub_support import SERVICE_TOKEN, stand_in_hub

from cardwidgets.service.hub import CACHE_SECONDS, INSTRUCTORS_GROUP, HubUser, HubUsers
from cardwidgets.store import RoomError

TOKENS = {"tok-ann": ("ann", True), "tok-boris": ("boris", False), "tok-irina": ("irina", False),
          "tok-olga": ("olga", True)}
GROUPS = {"ann": [], "boris": ["class-3"], "irina": [INSTRUCTORS_GROUP], "olga": [INSTRUCTORS_GROUP]}


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_token_is_its_hub_user_and_the_hub_is_asked_once_a_minute() -> None:
    clock = Clock()
    with stand_in_hub(TOKENS, GROUPS) as hub:
        users = HubUsers(hub.url, SERVICE_TOKEN, clock=clock)
        ann = asyncio.run(users.user_for_token("tok-ann"))
        assert ann == HubUser("ann", instructor=False)
        assert asyncio.run(users.user_for_token("tok-ann")) == ann
        assert hub.asked == ["/hub/api/user"]  # the second answer came from the cache
        clock.now += CACHE_SECONDS
        assert asyncio.run(users.user_for_token("tok-ann")) == ann
        assert hub.asked == ["/hub/api/user"] * 2  # a minute later the Hub is asked again
        assert asyncio.run(users.user_for_token("not-a-token")) is None
        assert "not-a-token" not in repr(users.__dict__)  # only the tokens' hashes are kept


def test_instructors_are_named_in_the_config_or_are_in_the_hub_group() -> None:
    with stand_in_hub(TOKENS, GROUPS) as hub:
        users = HubUsers(hub.url, SERVICE_TOKEN, instructors=["boris"])
        found = {token: asyncio.run(users.user_for_token(token)) for token in TOKENS}
        assert found == {"tok-ann": HubUser("ann", False), "tok-boris": HubUser("boris", True),
                         "tok-irina": HubUser("irina", True), "tok-olga": HubUser("olga", True)}
        # olga's token reads her groups itself; irina's does not, so the service asked with its own token
        assert "/hub/api/users/irina" in hub.asked
        assert "/hub/api/users/olga" not in hub.asked
        without = HubUsers(hub.url, "")  # a service with no token of its own cannot read irina's groups
        assert asyncio.run(without.user_for_token("tok-irina")) == HubUser("irina", False)


def test_a_hub_that_cannot_be_asked_is_one_clear_error_in_both_languages() -> None:
    with stand_in_hub(TOKENS, GROUPS) as hub:
        url = hub.url
    users = HubUsers(url.replace("/hub/api", "/hub/api/"), SERVICE_TOKEN)
    with pytest.raises(RoomError) as refused:
        asyncio.run(users.user_for_token("tok-ann"))
    assert refused.value.key == "room.hub_unreachable"
    assert refused.value.explanation.text("en").startswith(f"JupyterHub at {url} cannot be reached")
    assert "недоступен" in refused.value.explanation.text("ru")
