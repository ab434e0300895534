"""The broker transport: a late acknowledgement through a channel whose connection is gone is a connection error.

Celery catches the transport's connection errors around an acknowledgement
(it logs "Couldn't ack" and the message is delivered again); anything else
ends the worker. kombu's own Redis channel raises AttributeError here.
"""

from __future__ import annotations

import shutil

import pytest
from kombu import Connection

from config.broker import Transport
from tests.integration.live import Redis

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server"),
]


@pytest.fixture
def redis():
    server = Redis()
    server.start()
    yield server
    server.stop()


def closed_channel(url: str, how: str):
    connection = Connection(url, transport=Transport)
    channel = connection.channel()
    assert channel.qos is not None  # a consumer's channel has its QoS before it delivers anything
    if how == "connection closed":  # Celery closes the broken connection before reconnecting
        connection.close()
    else:  # the transport outlived its connection (seen when the worker collects a dead connection)
        channel._disconnect_pools()
        connection.transport.client = None
    return connection, channel


@pytest.mark.parametrize("how", ["connection closed", "transport without its connection"])
def test_acknowledging_through_a_closed_channel_is_a_connection_error(redis, how):
    connection, channel = closed_channel(redis.url, how)
    with pytest.raises(Transport.connection_errors) as raised:
        channel.qos.ack("delivery-tag-of-a-task-that-finished-during-the-outage")
    assert not isinstance(raised.value, AttributeError)
    assert "was closed" in str(raised.value)


def test_the_transport_still_talks_to_a_live_redis(redis):
    with Connection(redis.url, transport=Transport) as connection:
        channel = connection.channel()
        channel.client.set("ravenpost-broker-check", "1")
        assert channel.client.get("ravenpost-broker-check") == b"1"
