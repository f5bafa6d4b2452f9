"""Drives Glowkit's server with hyperion-py, the client Home Assistant uses, as Home Assistant does.

Run with hyperion-py's folder on PYTHONPATH:

    python3 hyperion_py_flow.py <host> <port> <token> <flow>

Flows: `light` (connect, read serverinfo as the light entity reads it, sysinfo id, switch off and
on, a colour, an effect, brightness), `request-token` (ask for a token as Home Assistant's config
flow does; an admin approves it elsewhere; then connect with it) and `instance` (connect to
instance 1 through switchTo). Prints one JSON object a line: what the client saw at each step.
Exits 1 on the first step that fails, with the reason as the last line.
"""
import asyncio
import json
import sys

from hyperion import client

HOST, PORT, TOKEN, FLOW = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]


def out(**values):
    print(json.dumps(values), flush=True)


def fail(reason):
    out(step='failed', reason=reason)
    sys.exit(1)


async def until(check, what, seconds=5.0):
    for _ in range(int(seconds / 0.02)):
        if check():
            return
        await asyncio.sleep(0.02)
    fail(f'timed out waiting for {what}')


def ok(response):
    return bool(response) and response.get('success') is True


def components(hc):
    return {c['name']: c['enabled'] for c in hc.components or []}


async def light():
    hc = client.HyperionClient(HOST, PORT, token=TOKEN)
    if not await hc.async_client_connect():
        fail('async_client_connect returned False')
    out(step='connect', instance=hc.instance)
    visible = hc.visible_priority
    out(
        step='serverinfo',
        components=components(hc),
        effects=[e['name'] for e in hc.effects or []],
        brightness=(hc.adjustment or [{}])[0].get('brightness'),
        instances=hc.instances,
        visible=visible,
    )
    out(step='sysinfo', id=await hc.async_sysinfo_id(), version=await hc.async_sysinfo_version())

    # Turn off, then on, as the light entity does.
    response = await hc.async_set_component(componentstate={'component': 'LEDDEVICE', 'state': False})
    if not ok(response):
        fail(f'LEDDEVICE off: {response}')
    await until(lambda: components(hc).get('LEDDEVICE') is False, 'components-update (off)')
    for component in ('ALL', 'LEDDEVICE'):
        response = await hc.async_set_component(componentstate={'component': component, 'state': True})
        if not ok(response):
            fail(f'{component} on: {response}')
    await until(lambda: components(hc).get('LEDDEVICE') is True, 'components-update (on)')
    out(step='switched', components=components(hc))

    response = await hc.async_set_color(priority=128, color=[255, 0, 0], origin='Home Assistant')
    if not ok(response):
        fail(f'color: {response}')
    await until(
        lambda: (hc.visible_priority or {}).get('componentId') == 'COLOR', 'priorities-update (colour)'
    )
    out(step='color', visible=hc.visible_priority)

    response = await hc.async_clear(priority=128)
    if not ok(response):
        fail(f'clear: {response}')
    response = await hc.async_set_effect(
        priority=128, effect={'name': 'Rainbow Wave'}, origin='Home Assistant'
    )
    if not ok(response):
        fail(f'effect: {response}')
    await until(
        lambda: (hc.visible_priority or {}).get('owner') == 'Rainbow Wave', 'priorities-update (effect)'
    )
    out(step='effect', visible=hc.visible_priority)

    ids = [a['id'] for a in hc.adjustment or []]
    for adjustment_id in ids:
        response = await hc.async_set_adjustment(adjustment={'brightness': 50, 'id': adjustment_id})
        if not ok(response):
            fail(f'adjustment: {response}')
    await until(lambda: (hc.adjustment or [{}])[0].get('brightness') == 50, 'adjustment-update')
    out(step='brightness', brightness=hc.adjustment[0]['brightness'])
    await hc.async_client_disconnect()


async def request_token():
    # Home Assistant's config flow: a raw connection, is auth required?, then a token request.
    hc = client.HyperionClient(HOST, PORT, raw_connection=True)
    if not await hc.async_client_connect():
        fail('raw connect failed')
    required = await hc.async_is_auth_required()
    out(step='auth-required', required=(required or {}).get('info', {}).get('required'))
    out(step='requesting')
    response = await hc.async_request_token(comment='Home Assistant', id='T0k3n')
    if not ok(response):
        fail(f'request token: {response}')
    token = response['info']['token']
    out(step='token', comment=response['info'].get('comment'), id=response['info'].get('id'))
    await hc.async_client_disconnect()
    second = client.HyperionClient(HOST, PORT, token=token)
    if not await second.async_client_connect():
        fail('connect with the granted token failed')
    out(step='connected-with-token', instance=second.instance)
    await second.async_client_disconnect()


async def instance():
    hc = client.HyperionClient(HOST, PORT, token=TOKEN, instance=1)
    if not await hc.async_client_connect():
        fail('connect to instance 1 failed')
    out(step='instance', instance=hc.instance, running=[i for i in hc.instances or [] if i['running']])
    await hc.async_client_disconnect()


FLOWS = {'light': light, 'request-token': request_token, 'instance': instance}
asyncio.run(FLOWS[FLOW]())
