import { describe, expect, it } from 'vitest';
import { badPlaceholders, fillPlaceholders } from '../../../src/contract/campaigns';
import { campaignHours, campaignSummary, previewOf, welcomeHoursNote } from '../../../src/screens/console/campaigns/campaign-words';

describe('campaign words', () => {
  it('says who each campaign reaches and when', () => {
    expect(campaignSummary({ kind: 'win_back', enabled: true, timing: 30, reward: { id: 1, title: 'Free latte', active: true } })).toBe(
      'Customers who have not ordered for 30 days, once until they order again, with a Free latte voucher.',
    );
    // a discount reads after "voucher for", never "a ₱50 off your order voucher"
    expect(campaignSummary({ kind: 'win_back', enabled: true, timing: 30, reward: { id: 2, title: '₱50 off your order', active: true } })).toBe(
      'Customers who have not ordered for 30 days, once until they order again, with a voucher for ₱50 off your order.',
    );
    expect(campaignSummary({ kind: 'welcome', enabled: false, timing: 1, reward: null })).toBe('Off. When on: New customers, 1 hour after they sign up.');
    expect(campaignSummary({ kind: 'welcome', enabled: true, timing: 0, reward: null })).toBe('New customers, right after they sign up.');
    expect(campaignSummary({ kind: 'nearly_there', enabled: true, timing: 1500, reward: null }, 'en')).toBe(
      'Customers within 1,500 points of a reward, once per reward every 30 days.',
    );
    expect(campaignSummary({ kind: 'birthday', enabled: true, timing: 0, reward: null })).toBe(
      'Customers on their birthday, once a year, beside the birthday treat.',
    );
  });

  it('writes the sending hours on the shop’s clock', () => {
    expect(campaignHours('en-PH')).toBe('between 9:00 AM and 9:00 PM');
    expect(campaignHours('en-GB')).toBe('between 09:00 and 21:00');
    expect(welcomeHoursNote('Asia/Manila', 'en-PH')).toBe(
      'Sent from 9:00 AM to 9:00 PM only (Asia/Manila time): someone who signs up at night gets it after 9:00 AM.',
    );
    expect(welcomeHoursNote('Europe/London', 'en-GB')).toBe(
      'Sent from 09:00 to 21:00 only (Europe/London time): someone who signs up at night gets it after 09:00.',
    );
  });

  it('fills placeholders for the preview and the message, never leaving braces', () => {
    expect(previewOf('nearly_there', 'Almost, {name}!', '{points} more for {reward}', null)).toEqual({
      title: 'Almost, Ana!',
      body: '20 more for Free butter croissant',
    });
    expect(fillPlaceholders('{reward} for {name}: {points} pts', { name: 'Ben', points: 1234, reward: null })).toBe(' for Ben: 1,234 pts');
  });

  it('finds placeholders that are not allowed', () => {
    expect(badPlaceholders('Hi {name}, {points} and {reward}', 'nearly_there', false)).toEqual([]);
    expect(badPlaceholders('Hi {name}, {reward}', 'win_back', false)).toEqual(['reward']);
    expect(badPlaceholders('Hi {name}, {reward}', 'win_back', true)).toEqual([]);
    expect(badPlaceholders('{Name} {first_name} {}', 'welcome', false)).toEqual(['Name', 'first_name', '']);
  });
});
