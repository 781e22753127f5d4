// The local engine's deterministic tool rule (README, Voice): which tool a message calls, and with what arguments.
import { describe, expect, it } from 'vitest';
import { planToolCall, toolArguments } from '../../src/voice/realtime/local/tools';

const tool = (name: string, description = '', properties: Record<string, unknown> = {}, required: string[] = []) => ({
  name, description, parameters: { type: 'object', properties, ...(required.length ? { required } : {}) },
});
const weather = tool('get_weather', 'Current weather conditions for a city', { city: { type: 'string' }, units: { type: 'string', enum: ['celsius', 'fahrenheit'] } }, ['city']);
const booking = tool('cancelBooking', 'Cancels a reservation by its confirmation number', { confirmation: { type: 'integer' } });
const lookup = tool('lookup', 'Searches the restaurant menu for dishes and allergens');

describe('planToolCall', () => {
  it('calls the tool the message names, with or without underscores', () => {
    expect(planToolCall('please run get_weather now', [booking, weather])?.name).toBe('get_weather');
    expect(planToolCall('Get weather for Oslo', [booking, weather])).toEqual({ name: 'get_weather', arguments: { city: 'Oslo' } });
  });

  it("calls a tool one of whose telling name words the message says (not a generic verb)", () => {
    expect(planToolCall('How is the weather in Kraków?', [booking, weather])).toEqual({ name: 'get_weather', arguments: { city: 'Kraków' } });
    expect(planToolCall('I need to cancel my booking 48213', [weather, booking])).toEqual({ name: 'cancelBooking', arguments: { confirmation: 48213 } });
    expect(planToolCall('Can you get me a coffee?', [weather])).toBeNull();
  });

  it('calls the tool whose description shares two or more keywords, and nothing on one', () => {
    expect(planToolCall('Which dishes on the menu have nuts?', [weather, lookup])?.name).toBe('lookup');
    expect(planToolCall('Which dishes are vegan?', [weather, lookup])).toBeNull();
    expect(planToolCall('Tell me a joke', [weather, booking, lookup])).toBeNull();
  });
});

describe('toolArguments', () => {
  it('reads explicit values, enums, numbers and the phrase after a preposition', () => {
    expect(toolArguments('weather with city: New York, units fahrenheit', weather)).toEqual({ city: 'New York', units: 'fahrenheit' });
    expect(toolArguments('weather where city is "San José"', weather)).toEqual({ city: 'San José' });
    expect(toolArguments('weather please', weather)).toEqual({ city: 'weather please' });
    expect(toolArguments('booking 12.7', booking)).toEqual({ confirmation: 12 });
    expect(toolArguments('cancel it', booking)).toEqual({});
  });
});
